//! The routes: the page and its assets, the JSON API, and JSON answers for everything else.
//! Each handler hands its work to a bounded job ([`super::jobs`]); the work itself is in
//! [`super::workbench`].

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::routing::{get, post};
use serde::Serialize;

use super::api::{
    CaseAnswer, CaseRequest, CasesAnswer, CasesQuery, JsonBody, JudgeAnswer, JudgeRequest,
    ReportRequest, RuleSetText, SaveRequest, Saved, WhatifAnswer, WhatifRequest,
};
use super::assets;
use super::err::{ApiError, ApiErrorKind};
use super::guard::guard;
use super::jobs::Jobs;
use super::workbench::Workbench;

type Shared = State<Arc<Workbench>>;

/// Every route, behind the guard and the body limit.
pub fn router(workbench: Arc<Workbench>, local: SocketAddr) -> Router {
    let api = Router::new()
        .route("/api/rulesets", get(rule_sets))
        .route("/api/rulesets/{name}", get(rule_set))
        .route("/api/cases", get(cases))
        .route("/api/whatif", post(whatif))
        .route("/api/case", post(case))
        .route("/api/judge", post(judge))
        .route("/api/save", post(save))
        .route("/api/report", post(report))
        .with_state(workbench);
    Router::new()
        .route("/", get(assets::page))
        .route("/assets/{file}", get(assets::asset))
        .merge(api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(super::BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(local.port(), guard))
}

/// Runs `work` as a judging job and answers its result as JSON.
async fn answer<T: Serialize + Send + 'static>(
    workbench: Arc<Workbench>,
    work: impl FnOnce(&Workbench) -> Result<T, ApiError> + Send + 'static,
) -> Result<Json<T>, ApiError> {
    answer_in(|wb| &wb.jobs, workbench, work).await
}

/// Runs `work` in the lane `lane` picks (judging, or the reads' own lane) and answers its
/// result as JSON.
async fn answer_in<T: Serialize + Send + 'static>(
    lane: fn(&Workbench) -> &Jobs,
    workbench: Arc<Workbench>,
    work: impl FnOnce(&Workbench) -> Result<T, ApiError> + Send + 'static,
) -> Result<Json<T>, ApiError> {
    let jobs = lane(&workbench).clone();
    jobs.run(move |_| work(&workbench)).await?.map(Json)
}

async fn rule_sets(State(wb): Shared) -> Result<Json<serde_json::Value>, ApiError> {
    answer_in(
        |wb| &wb.reads,
        wb,
        |wb| Ok(serde_json::json!({ "rulesets": wb.rule_sets() })),
    )
    .await
}

async fn rule_set(
    State(wb): Shared,
    Path(name): Path<String>,
) -> Result<Json<RuleSetText>, ApiError> {
    answer_in(|wb| &wb.reads, wb, move |wb| wb.rule_set(&name)).await
}

async fn cases(
    State(wb): Shared,
    query: Result<Query<CasesQuery>, QueryRejection>,
) -> Result<Json<CasesAnswer>, ApiError> {
    let Query(query) = query.map_err(|e| ApiErrorKind::BadQuery {
        reason: e.body_text(),
    })?;
    answer(wb, move |wb| wb.base_cases(&query.base)).await
}

async fn whatif(
    State(wb): Shared,
    JsonBody(request): JsonBody<WhatifRequest>,
) -> Result<Json<WhatifAnswer>, ApiError> {
    // Judging the corpus is the long job: it is given the deadline and stops itself there.
    let jobs = wb.jobs.clone();
    jobs.run(move |deadline| wb.whatif(&request, deadline))
        .await?
        .map(Json)
}

/// The proposal page, as a file to save: `NAME-de-xuat.html`.
async fn report(
    State(wb): Shared,
    JsonBody(request): JsonBody<ReportRequest>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    let file = format!(
        "attachment; filename=\"{}-de-xuat.html\"",
        request
            .name
            .as_deref()
            .and_then(|n| super::check_name(n).ok())
            .map_or_else(
                || format!("{}-sua", request.base),
                |f| f.trim_end_matches(".rules").to_owned()
            )
            .replace('"', "")
    );
    let jobs = wb.jobs.clone();
    let page = jobs
        .run(move |deadline| wb.report(&request, deadline))
        .await??;
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/html; charset=utf-8".to_owned(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, file),
        ],
        page,
    )
        .into_response())
}

async fn case(
    State(wb): Shared,
    JsonBody(request): JsonBody<CaseRequest>,
) -> Result<Json<CaseAnswer>, ApiError> {
    answer(wb, move |wb| wb.case(&request)).await
}

async fn judge(
    State(wb): Shared,
    JsonBody(request): JsonBody<JudgeRequest>,
) -> Result<Json<JudgeAnswer>, ApiError> {
    answer(wb, move |wb| wb.judge(&request)).await
}

async fn save(
    State(wb): Shared,
    JsonBody(request): JsonBody<SaveRequest>,
) -> Result<Json<Saved>, ApiError> {
    answer(wb, move |wb| wb.save(&request)).await
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(ApiErrorKind::NotFound {
        path: uri.path().to_owned(),
    })
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(ApiErrorKind::MethodNotAllowed {
        method: method.to_string(),
        path: uri.path().to_owned(),
    })
}
