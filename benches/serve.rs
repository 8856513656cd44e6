//! Criterion benchmark of the workbench's answer to an edit: `POST /api/whatif` with an edited
//! copy of the 1999 law, through the whole router (guard, body limit, JSON, a judging job),
//! in process. The core it calls (compiling the edit and judging 80 diagrams against the kept
//! baseline) is benchmarked alone in `benches/law.rs` (`xqlaw whatif`); this adds what the
//! server does around it. The target is under 200 ms on the project's 2-core machine.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use criterion::{Criterion, criterion_main};
use tower::ServiceExt;
use xqlaw::serve::{Limits, Workbench, app};

fn bench_whatif_request(c: &mut Criterion) {
    let Ok(workbench) = Workbench::load(
        Path::new("rules"),
        Path::new("spec-tests"),
        Limits::default(),
    ) else {
        return;
    };
    let Ok(law) = std::fs::read_to_string("rules/vn-1999.rules") else {
        return;
    };
    // The browser test's edit: the chase of a crossed pawn is allowed (Hình 74–75 change).
    let edited = law.replacen(
        "    when every move (forbidden-chase and attacker(rook) and target(pawn)) on same target\n    → forbidden\n",
        "    when every move (forbidden-chase and attacker(rook) and target(pawn)) on same target\n    → allowed\n    overrides perpetual-chase, unprotected-target\n",
        1,
    );
    let body = serde_json::json!({"base": "vn-1999", "rules": edited}).to_string();
    let local: SocketAddr = ([127, 0, 0, 1], 8080).into();
    let router = app(Arc::new(workbench), local);
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let request = || {
        Request::post("/api/whatif")
            .header("host", "127.0.0.1:8080")
            .header("content-type", "application/json")
            .body(Body::from(body.clone()))
    };
    let send = |router: axum::Router| async {
        let Ok(request) = request() else { return 0 };
        let Ok(response) = router.oneshot(request).await;
        let status = response.status().as_u16();
        let _ = axum::body::to_bytes(response.into_body(), usize::MAX).await;
        status
    };
    // The first request judges the corpus with the base; later ones reuse it.
    if runtime.block_on(send(router.clone())) != 200 {
        return;
    }
    let mut group = c.benchmark_group("xqlaw serve");
    group.sample_size(20);
    group.bench_function("POST /api/whatif: an edit, 80 diagrams re-judged", |b| {
        b.iter(|| runtime.block_on(send(router.clone())));
    });
    group.finish();
}

/// Private so the generated `pub fn benches` needs no docs.
mod group {
    criterion::criterion_group!(benches, super::bench_whatif_request);
}
criterion_main!(group::benches);
