//! The workbench's HTTP API, request by request: every endpoint, and every kind of bad
//! request answered with a 4xx JSON error.

#![allow(clippy::unwrap_used, reason = "test code")]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use tower::ServiceExt;
use xqlaw::serve::{Limits, Workbench, app};

mod common;

use common::{HINH_62, law_text};

const LOCAL: &str = "127.0.0.1:8080";

/// The workbench on the project's rules and spec files (shared: loading replays every case).
fn workbench() -> Arc<Workbench> {
    static WB: OnceLock<Arc<Workbench>> = OnceLock::new();
    WB.get_or_init(|| {
        Arc::new(
            Workbench::load(
                Path::new("rules"),
                Path::new("spec-tests"),
                Limits::default(),
            )
            .unwrap(),
        )
    })
    .clone()
}

fn router(wb: Arc<Workbench>) -> Router {
    app(wb, LOCAL.parse::<SocketAddr>().unwrap())
}

/// Sends a request with the given headers (`Host` is the server's unless given).
async fn send(
    app: Router,
    method: &str,
    uri: &str,
    body: Option<String>,
    headers: &[(&str, &str)],
) -> (StatusCode, Value, String) {
    let mut request = Request::builder().method(method).uri(uri);
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        request = request.header("host", LOCAL);
    }
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let request = request
        .body(body.map_or_else(Body::empty, Body::from))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let value = if kind.starts_with("application/json") {
        serde_json::from_str(&text).unwrap()
    } else {
        Value::Null
    };
    (status, value, text)
}

/// `GET uri` of `wb`: the status, the JSON answer (null when it is not JSON) and the text.
async fn get_from(wb: &Arc<Workbench>, uri: &str) -> (StatusCode, Value, String) {
    send(router(Arc::clone(wb)), "GET", uri, None, &[]).await
}

/// `POST uri` of `wb` with the JSON `body`: the status, the JSON answer and the text.
async fn post_to(wb: &Arc<Workbench>, uri: &str, body: &Value) -> (StatusCode, Value, String) {
    send(
        router(Arc::clone(wb)),
        "POST",
        uri,
        Some(body.to_string()),
        &[],
    )
    .await
}

/// `GET uri` of the project's workbench: the status and the JSON answer.
async fn get(uri: &str) -> (StatusCode, Value) {
    let (status, value, _) = get_from(&workbench(), uri).await;
    (status, value)
}

/// `POST uri` of the project's workbench with the JSON `body`: the status and the answer.
async fn post(uri: &str, body: Value) -> (StatusCode, Value) {
    let (status, value, _) = post_to(&workbench(), uri, &body).await;
    (status, value)
}

/// The law's text with `rook-on-crossed-pawn` allowing the chase and overriding the general
/// perpetual-chase rulings: chasing a crossed pawn is allowed.
fn crossed_pawn_allowed() -> String {
    crossed_pawn_ruling("→ allowed\n    overrides perpetual-chase, unprotected-target")
}

/// The law's text with the outcome line of `rook-on-crossed-pawn` (`→ forbidden`) replaced
/// by `lines`.
fn crossed_pawn_ruling(lines: &str) -> String {
    let law = law_text();
    let at = law.find("ruling rook-on-crossed-pawn").unwrap();
    let end = at + law[at..].find("→ forbidden").unwrap();
    format!(
        "{}{lines}{}",
        &law[..end],
        &law[end + "→ forbidden".len()..]
    )
}

/// The number of spec files under `spec-tests/`: the cases the workbench judges.
fn spec_files() -> usize {
    xqlaw::corpus::spec_files(&[PathBuf::from("spec-tests")]).len()
}

// ----- the page ------------------------------------------------------------------------------

#[tokio::test]
async fn the_page_and_its_assets_are_served_from_the_binary() {
    let (status, _, html) = get_from(&workbench(), "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<textarea"), "{html}");
    assert!(html.contains("/assets/app.js"));
    for asset in ["/assets/app.js", "/assets/app.css"] {
        let (status, _, text) = get_from(&workbench(), asset).await;
        assert_eq!(status, StatusCode::OK, "{asset}");
        assert!(!text.is_empty());
        // Nothing is fetched from elsewhere at run time.
        assert!(
            !text.contains("https://"),
            "{asset} names an outside address"
        );
    }
    assert!(!html.contains("https://"));
    let (status, body) = get("/assets/nothing.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["error"].as_str().unwrap().contains("nothing.js"));
}

// ----- rule sets and cases -------------------------------------------------------------------

#[tokio::test]
async fn rule_sets_are_listed_with_their_titles() {
    let (status, body) = get("/api/rulesets").await;
    assert_eq!(status, StatusCode::OK);
    let sets = body["rulesets"].as_array().unwrap();
    let names: Vec<&str> = sets.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["axf", "cxa", "vn-1999", "vn-2004", "wxf-2018"]);
    let law = sets.iter().find(|s| s["name"] == "vn-1999").unwrap();
    assert!(
        law["title"]
            .as_str()
            .unwrap()
            .starts_with("Luật Cờ Tướng (1999)")
    );
    assert_eq!(law["compiles"], true);
}

#[tokio::test]
async fn a_rule_set_text_is_the_file() {
    let (status, body) = get("/api/rulesets/vn-1999").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["text"].as_str().unwrap(), law_text());
    let (status, body) = get("/api/rulesets/vn-199").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["error"],
        "không có bộ luật `vn-199` trong `rules` (no rule set `vn-199` in `rules`)"
    );
    assert!(body["help"].as_str().unwrap().contains("vn-1999"), "{body}");
    // A path is not a name.
    let (status, _) = get("/api/rulesets/..%2FCargo.toml").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn cases_come_with_the_base_expectation_and_verdict() {
    let (status, body) = get("/api/cases?base=vn-1999").await;
    assert_eq!(status, StatusCode::OK);
    let cases = body["cases"].as_array().unwrap();
    assert_eq!(cases.len(), spec_files());
    assert!(cases.len() >= 80);
    // Every case that expects a 1999 verdict gets it (there is no documented known failure).
    let differ: Vec<&str> = cases
        .iter()
        .filter(|c| !c["expected"].is_null() && c["expected"] != c["before"])
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(differ, Vec::<&str>::new());
    let (status, body) = get("/api/cases").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("base"), "{body}");
    let (status, _) = get("/api/cases?base=nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

// ----- what if -------------------------------------------------------------------------------

#[tokio::test]
async fn an_unchanged_copy_changes_nothing() {
    let (status, body) = post(
        "/api/whatif",
        json!({"base": "vn-1999", "rules": law_text()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["cases"], spec_files());
    assert_eq!(body["changes"], json!([]));
}

#[tokio::test]
async fn allowing_the_chase_of_a_crossed_pawn_changes_hinh_74_and_75() {
    let rules = crossed_pawn_allowed();
    let (status, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": rules})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let changes = body["changes"].as_array().unwrap();
    let ids: Vec<&str> = changes.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["hinh-74", "hinh-75"]);
    let c = &changes[0];
    assert_eq!(c["expected"], "red_loses");
    assert_eq!(c["before"], "red_loses");
    assert_eq!(c["after"], "draw");
    let rulings = |side: &str| -> Vec<String> {
        c["rulings"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["ruling"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(rulings("before").contains(&"perpetual-chase".to_owned()));
    assert_eq!(rulings("after"), ["rook-on-crossed-pawn"]);
}

#[tokio::test]
async fn compile_errors_are_at_their_line_and_column() {
    let text = law_text().replacen(
        "ruling rook-on-crossed-pawn",
        "rulin rook-on-crossed-pawn",
        1,
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("rulin rook-on"))
        .unwrap()
        + 1;
    let (status, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": text})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = body["errors"].as_array().unwrap();
    assert!(!errors.is_empty());
    let e = &errors[0];
    assert_eq!(e["line"], line, "{body}");
    assert_eq!(e["column"], 1, "{body}");
    assert!(e["message"].as_str().unwrap().len() > 5);
    assert!(e.get("help").is_some());
}

#[tokio::test]
async fn an_unknown_ruling_name_is_marked_with_a_suggestion() {
    let text = law_text().replacen(
        "overrides perpetual-harmless",
        "overrides perpetual-harmlss",
        1,
    );
    let (status, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": text})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let e = &body["errors"][0];
    let line = text
        .lines()
        .nth(e["line"].as_u64().unwrap() as usize - 1)
        .unwrap();
    assert!(line.contains("perpetual-harmlss"), "{line}");
    assert!(
        e["help"].as_str().unwrap().contains("perpetual-harmless"),
        "{e}"
    );
}

#[tokio::test]
async fn absurd_settings_are_refused_not_searched() {
    let text = law_text().replace(
        "setting mate-nodes = 200000",
        "setting mate-nodes = 100000000000",
    );
    let started = std::time::Instant::now();
    let (status, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": text})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let e = &body["errors"][0];
    assert!(e["message"].as_str().unwrap().contains("mate-nodes"));
    let line = text
        .lines()
        .nth(e["line"].as_u64().unwrap() as usize - 1)
        .unwrap();
    assert!(line.starts_with("setting mate-nodes"), "{line}");
}

#[tokio::test]
async fn whatif_against_an_unknown_base_is_404() {
    let (status, body) = post(
        "/api/whatif",
        json!({"base": "vn-199", "rules": law_text()}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["help"].as_str().unwrap().contains("vn-1999"));
}

// ----- a case --------------------------------------------------------------------------------

#[tokio::test]
async fn a_case_has_its_board_moves_and_explanation_under_the_edit() {
    let request = json!({"base": "vn-1999", "id": "hinh-74", "rules": crossed_pawn_allowed()});
    let (status, body) = post("/api/case", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let board = body["board"].as_str().unwrap();
    assert!(board.starts_with("<svg"), "{}", &board[..80]);
    assert_eq!(body["title"], "Hình 74");
    assert_eq!(body["before"], "red_loses");
    assert_eq!(body["after"], "draw");
    let moves = body["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert_eq!(moves[0]["ply"], 1);
    assert_eq!(moves[0]["iccs"].as_str().unwrap().len(), 4);
    assert!(
        body["explanation"]
            .as_str()
            .unwrap()
            .contains("rook-on-crossed-pawn")
    );
    assert!(!body["commentary"].as_str().unwrap().is_empty());
    // Without an edit, the base's own explanation.
    let (status, body) = post("/api/case", json!({"base": "vn-1999", "id": "hinh-74"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["after"], "red_loses");
    let (status, body) = post("/api/case", json!({"base": "vn-1999", "id": "hinh-740"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["error"],
        "không có hình `hinh-740` (no case `hinh-740`)"
    );
    assert!(
        body["help"].as_str().unwrap().starts_with("có phải `hinh-"),
        "{body}"
    );
}

// ----- free judging --------------------------------------------------------------------------

/// Hình 62's moves in the law's notation: White's cannon keeps a black rook under attack by
/// moving an advisor up and down as its screen.
const HINH_62_MOVES: [&str; 9] = [
    "P1/1", "P8/1", "S5/6", "P8.1", "S6.5", "P8/1", "S5/6", "P8.1", "S6.5",
];

/// `POST /api/judge` of Hình 62 by `vn-1999`: the answer, which must be a 200.
async fn hinh_62_judged() -> Value {
    let request = json!({"rules": "vn-1999", "fen": HINH_62, "moves": HINH_62_MOVES});
    let (status, body) = post("/api/judge", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn judge_answers_as_the_command_line_does() {
    let moves = HINH_62_MOVES;
    let request =
        json!({"rules": "vn-1999", "fen": HINH_62, "moves": moves, "assume_cycle": false});
    let (status, mut body) = post("/api/judge", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["verdict"], "red_loses");
    // The notation it read the moves in, beside the judgement.
    let answer = body.as_object_mut().unwrap();
    assert_eq!(answer.remove("notation"), Some(json!("vi")));
    assert_eq!(answer.remove("also_reads_in"), Some(json!([])));
    // And what the page shows with it: the judgement in the law's words, names, the board,
    // the pieces in the law's words.
    for shown in ["said", "repetition_said", "names", "board", "pieces"] {
        assert!(answer.remove(shown).is_some(), "{shown}");
    }
    // The same object as `xqlaw judge --json` prints.
    let rules = xqlaw::load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let play = xqlaw::read_play(HINH_62, &moves, xqlaw::Notation::Vietnamese).unwrap();
    let cli = xqlaw::judge(&rules, &play).unwrap();
    assert_eq!(body, serde_json::to_value(&cli).unwrap());
}

/// Issue 24, item 3: `P2.1 P7.6` is a legal line in the law's notation and in WXF, with other
/// moves and another verdict. The answer names the notation it read, the law's by default, and
/// the other that also reads the moves.
#[tokio::test]
async fn a_line_legal_in_two_notations_is_read_in_the_laws_and_the_answer_says_so() {
    let fen = "9/4k1c2/7C1/9/7P1/9/9/9/6p2/3K5 w";
    let moves = ["P2.1", "P7.6"];
    let (status, body) = post(
        "/api/judge",
        json!({"rules": "vn-1999", "fen": fen, "moves": moves, "assume_cycle": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["notation"], "vi");
    assert_eq!(body["also_reads_in"], json!(["wxf"]));
    assert_eq!(body["verdict"], "red_loses");
    let (status, wxf) = post(
        "/api/judge",
        json!({"rules": "vn-1999", "fen": fen, "moves": moves, "assume_cycle": true, "notation": "wxf"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{wxf}");
    assert_eq!(wxf["notation"], "wxf");
    assert_eq!(wxf["also_reads_in"], json!(["vi"]));
    assert_eq!(wxf["verdict"], "draw");
    // The page offers the choice, the law's notation first and chosen.
    let (_, _, html) = get_from(&workbench(), "/").await;
    assert!(
        html.contains(r#"<select id="free-notation">"#)
            && html.contains(r#"<option value="vi" selected>"#),
        "{html}"
    );
}

#[tokio::test]
async fn judge_reads_any_notation_and_a_rule_text() {
    for moves in [
        json!(["h2e2", "h9g7"]),
        json!(["C2=5", "H8+7"]),
        json!(["P2-5", "M8.7"]),
        json!(["炮二平五", "马８进７"]),
    ] {
        let (status, body) = post("/api/judge", json!({"rules": law_text(), "moves": moves})).await;
        assert_eq!(status, StatusCode::OK, "{moves}: {body}");
        assert_eq!(body["plies"][0]["move"], "h2e2", "{moves}");
        assert_eq!(body["plies"][1]["move"], "h9g7", "{moves}");
    }
}

#[tokio::test]
async fn judge_refuses_bad_positions_moves_and_names() {
    let cases = [
        (
            json!({"rules": "vn-1999", "fen": "not a fen", "moves": ["h2e2"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "\"field\":\"fen\"",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["h2e2", "h2e2"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["zz99"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "zz99",
        ),
        (
            json!({"rules": "vn-1999", "moves": []}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move",
        ),
        (
            json!({"rules": "nothing", "moves": ["h2e2"]}),
            StatusCode::NOT_FOUND,
            "nothing",
        ),
        (
            json!({"rules": "rules x\nnot a rule", "moves": ["h2e2"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["h2e2"], "notation": "klingon"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "klingon",
        ),
    ];
    for (request, expected, word) in cases {
        let (status, body) = post("/api/judge", request.clone()).await;
        assert_eq!(status, expected, "{request}: {body}");
        let text = body.to_string().to_lowercase();
        assert!(text.contains(word), "{request}: {body}");
        assert!(body.get("error").is_some() || body.get("errors").is_some());
    }
}

// ----- bad requests --------------------------------------------------------------------------

#[tokio::test]
async fn bad_bodies_are_4xx_json_errors() {
    let app = || router(workbench());
    let json_type = [("content-type", "application/json")];
    let (status, body, _) = send(
        app(),
        "POST",
        "/api/whatif",
        Some("{\"base\": ".into()),
        &json_type,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("JSON không hợp lệ (bad JSON)"),
        "{body}"
    );
    assert_eq!(body["line"], 1);

    let extra = json!({"base": "vn-1999", "rules": "x", "colour": "red"}).to_string();
    let (status, body, _) = send(app(), "POST", "/api/whatif", Some(extra), &json_type).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `colour`"),
        "{body}"
    );

    let missing = json!({"base": "vn-1999"}).to_string();
    let (status, body, _) = send(app(), "POST", "/api/whatif", Some(missing), &json_type).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("missing field `rules`"),
        "{body}"
    );

    let wrong_type = json!({"rules": "vn-1999", "moves": "h2e2"}).to_string();
    let (status, _, _) = send(app(), "POST", "/api/judge", Some(wrong_type), &json_type).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let huge = json!({"base": "vn-1999", "rules": "x".repeat(1_100_000)}).to_string();
    let (status, body, _) = send(app(), "POST", "/api/whatif", Some(huge), &json_type).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["error"].as_str().unwrap().contains("larger"), "{body}");

    let (status, body, _) = send(app(), "GET", "/api/whatif", None, &[]).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(body["error"].is_string());

    let (status, body, _) = send(app(), "GET", "/api/nothing", None, &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn assume_cycle_judges_a_play_that_repeats_nothing() {
    // Two moves repeat no position: no perpetual verdict, unless a cycle is assumed.
    let moves = json!(["h2e2", "h9g7"]);
    let (status, body) = post("/api/judge", json!({"rules": "vn-1999", "moves": moves})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["verdict"], "no_repetition");
    let request = json!({"rules": "vn-1999", "moves": moves, "assume_cycle": true});
    let (status, assumed) = post("/api/judge", request).await;
    assert_eq!(status, StatusCode::OK, "{assumed}");
    assert_ne!(assumed["verdict"], "no_repetition", "{assumed}");
    // As the command line judges it with `--assume-cycle`.
    let rules = xqlaw::load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let play = xqlaw::read_play(xqlaw::START_FEN, &["h2e2", "h9g7"], xqlaw::Notation::Iccs)
        .unwrap()
        .assuming_cycle(xqlaw::ASSUMED_BY_REQUEST);
    let cli = xqlaw::judge(&rules, &play).unwrap();
    let mut assumed = assumed;
    let answer = assumed.as_object_mut().unwrap();
    assert_eq!(answer.remove("notation"), Some(json!("iccs")));
    for shown in [
        "also_reads_in",
        "said",
        "repetition_said",
        "names",
        "board",
        "pieces",
    ] {
        answer.remove(shown);
    }
    assert_eq!(assumed, serde_json::to_value(&cli).unwrap());
    let bad = json!({"rules": "vn-1999", "moves": moves, "assume_cycle": "yes"});
    let (status, _) = post("/api/judge", bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

// ----- the guard -----------------------------------------------------------------------------

#[tokio::test]
async fn posts_from_other_origins_are_refused() {
    let body = json!({"rules": "vn-1999", "moves": ["h2e2"]}).to_string();
    for origin in [
        "http://evil.example",
        "null",
        "http://localhost:8080",
        "https://127.0.0.1:8080",
    ] {
        let (status, answer, _) = send(
            router(workbench()),
            "POST",
            "/api/judge",
            Some(body.clone()),
            &[("origin", origin)],
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert!(answer["error"].as_str().unwrap().contains("refused"));
    }
    let (status, _, _) = send(
        router(workbench()),
        "POST",
        "/api/judge",
        Some(body.clone()),
        &[("origin", "http://127.0.0.1:8080")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // A save from elsewhere writes nothing.
    let save = json!({"name": "evil", "rules": "rules evil extends vn-1999\n"}).to_string();
    let (status, _, _) = send(
        router(workbench()),
        "POST",
        "/api/save",
        Some(save),
        &[("origin", "http://evil.example")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(!Path::new("rules/evil.rules").exists());
}

#[tokio::test]
async fn requests_addressed_to_other_names_are_refused() {
    for host in [
        "evil.example:8080",
        "127.0.0.1:9999",
        "localhost.evil.example:8080",
    ] {
        let (status, body, _) = send(
            router(workbench()),
            "GET",
            "/api/rulesets",
            None,
            &[("host", host)],
        )
        .await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host}");
        assert!(body["error"].is_string());
    }
    let (status, _, _) = send(
        router(workbench()),
        "GET",
        "/api/rulesets",
        None,
        &[("host", "localhost:8080")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn no_answer_allows_cross_origin_reads() {
    let request = Request::builder()
        .uri("/api/rulesets")
        .header("host", LOCAL)
        .header("origin", "http://evil.example")
        .body(Body::empty())
        .unwrap();
    let response = router(workbench()).oneshot(request).await.unwrap();
    assert!(
        response
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
    assert_eq!(
        response.headers()["cross-origin-resource-policy"],
        "same-origin"
    );
}

// ----- save as -------------------------------------------------------------------------------

/// A copy of the rules folder in a fresh temporary folder, with a workbench on it.
fn scratch(tag: &str) -> (PathBuf, Arc<Workbench>) {
    let root = std::env::temp_dir().join(format!("xqlaw-serve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let rules = root.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, rules.join(path.file_name().unwrap())).unwrap();
    }
    let wb = Workbench::load(&rules, Path::new("spec-tests"), Limits::default()).unwrap();
    (root, Arc::new(wb))
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn save_as_writes_a_new_file_and_replaces_only_when_confirmed() {
    let (root, wb) = scratch("save");
    let rules = root.join("rules");
    let save = |body: Value| {
        let wb = wb.clone();
        async move {
            let (status, answer, _) = post_to(&wb, "/api/save", &body).await;
            (status, answer)
        }
    };
    let text = "rules my-law extends vn-1999\nremove ruling rook-on-crossed-pawn\n";
    let (status, body) = save(json!({"name": "my-law", "rules": text})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"file": "my-law.rules", "name": "my-law", "text": text, "replaced": false})
    );
    assert_eq!(
        std::fs::read_to_string(rules.join("my-law.rules")).unwrap(),
        text
    );

    // The new file is a rule set of the folder now.
    let (_, listed, _) = get_from(&wb, "/api/rulesets").await;
    assert!(
        listed["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "my-law")
    );

    // Not replaced unless confirmed.
    let other = "rules my-law extends vn-1999\n";
    let (status, body) = save(json!({"name": "my-law.rules", "rules": other})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["exists"], true);
    assert_eq!(
        std::fs::read_to_string(rules.join("my-law.rules")).unwrap(),
        text
    );
    let (status, body) = save(json!({"name": "my-law", "rules": other, "overwrite": true})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["replaced"], true);
    assert_eq!(
        std::fs::read_to_string(rules.join("my-law.rules")).unwrap(),
        other
    );

    std::fs::remove_dir_all(&root).unwrap();
}

#[tokio::test]
async fn save_as_never_writes_outside_the_rules_folder() {
    let (root, wb) = scratch("escape");
    let before_root = files(&root);
    let before_rules = files(&root.join("rules"));
    for name in [
        "../escaped",
        "..",
        "a/b",
        "a\\b",
        "/tmp/escaped",
        ".hidden",
        "",
        "sub/../x",
        "nul\u{0}x",
        "%2e%2e%2fescaped",
    ] {
        let request =
            json!({"name": name, "rules": "rules escaped extends vn-1999\n", "overwrite": true});
        let (status, body, _) = post_to(&wb, "/api/save", &request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}: {body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("không lưu được thành")
        );
    }
    assert_eq!(files(&root), before_root);
    assert_eq!(files(&root.join("rules")), before_rules);
    std::fs::remove_dir_all(&root).unwrap();
}

#[tokio::test]
async fn save_as_refuses_texts_that_would_not_load_under_that_name() {
    let (root, wb) = scratch("refuse");
    let before = files(&root.join("rules"));
    let cases = [
        // Does not compile.
        json!({"name": "broken", "rules": "rules broken extends vn-1999\nrulin x\n"}),
        // Declares another name than its file's.
        json!({"name": "renamed", "rules": law_text()}),
        // Extends itself.
        json!({"name": "vn-1999", "rules": "rules vn-1999 extends vn-1999\n", "overwrite": true}),
    ];
    for request in cases {
        let (status, body, _) = post_to(&wb, "/api/save", &request).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{request}: {body}"
        );
    }
    assert_eq!(files(&root.join("rules")), before);
    std::fs::remove_dir_all(&root).unwrap();
}

/// Issue 25: "Save as" offers to rename the `rules` line after the file (keeping what the text
/// amends), and the saved amendment, reopened, is compared with the rule set it amends, never
/// with itself.
#[tokio::test]
async fn a_saved_amendment_is_renamed_with_consent_and_reopened_against_its_base() {
    let (root, wb) = scratch("amendment");
    let rules = root.join("rules");
    let edited = crossed_pawn_allowed();
    let request = |rename: bool| json!({"name": "vn-1999-sua", "rules": edited, "rename": rename});
    // Without consent: refused, saying which line and what it would become.
    let (status, body, _) = post_to(&wb, "/api/save", &request(false)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["rename"], "rules vn-1999-sua amends vn-1999");
    let line = edited.lines().position(|l| l == "rules vn-1999").unwrap() + 1;
    assert_eq!(body["line"], line);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains(&format!("dòng {line}")),
        "{body}"
    );
    assert!(!rules.join("vn-1999-sua.rules").exists());
    // With consent: saved with the line renamed, nothing else changed.
    let (status, body, _) = post_to(&wb, "/api/save", &request(true)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let saved = std::fs::read_to_string(rules.join("vn-1999-sua.rules")).unwrap();
    assert_eq!(
        saved,
        edited.replace("\nrules vn-1999\n", "\nrules vn-1999-sua amends vn-1999\n")
    );
    assert_eq!(body["text"], saved);
    // Reopened: compared with vn-1999, whose expectations it is judged by.
    let (_, opened, _) = get_from(&wb, "/api/rulesets/vn-1999-sua").await;
    assert_eq!(opened["base"], "vn-1999");
    let whatif = json!({"base": opened["base"], "rules": opened["text"]});
    let (status, answer, _) = post_to(&wb, "/api/whatif", &whatif).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let ids: Vec<&str> = answer["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"hinh-74") && ids.contains(&"hinh-75"),
        "{ids:?}"
    );
    assert!(
        answer["changes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c["expected"].is_null()),
        "{answer}"
    );
    // A rule set that cases expect verdicts of is its own base.
    for name in ["vn-1999", "axf"] {
        let (_, opened, _) = get_from(&wb, &format!("/api/rulesets/{name}")).await;
        assert_eq!(opened["base"], name);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

// ----- issue 24: the second hostile round ----------------------------------------------------

/// Items 6 and 12: saves of one name at once each answer what the file then holds, none is
/// told "already exists" for a replace it asked for, no temporary file is left, and a
/// temporary file a killed server left is swept when the next one starts (it no longer makes
/// a save fail).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn saves_of_one_name_at_once_all_succeed_and_leave_one_of_their_texts() {
    let root = std::env::temp_dir().join(format!("xqlaw-serve-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let rules = root.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    std::fs::copy("rules/vn-1999.rules", rules.join("vn-1999.rules")).unwrap();
    // Left by a server killed while saving (no process has id 4194305), and another's file.
    let leftover = rules.join(".my-law.rules.xqlaw-save-4194305-Ab12Cd.tmp");
    std::fs::write(&leftover, "half a text").unwrap();
    std::fs::write(rules.join("notes.tmp"), "mine").unwrap();
    let limits = Limits {
        jobs: 8,
        ..Limits::default()
    };
    let wb = Arc::new(Workbench::load(&rules, Path::new("spec-tests/vn-1999"), limits).unwrap());
    assert!(!leftover.exists());
    let texts: Vec<String> = (0..40)
        .map(|n| format!("rules my-law extends vn-1999\n// save number {n}\n"))
        .collect();
    let mut tasks = Vec::new();
    for text in &texts {
        let body = json!({"name": "my-law", "rules": text, "overwrite": true}).to_string();
        let app = router(wb.clone());
        tasks.push(tokio::spawn(async move {
            send(app, "POST", "/api/save", Some(body), &[]).await
        }));
    }
    for task in tasks {
        let (status, body, _) = task.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let held = std::fs::read_to_string(rules.join("my-law.rules")).unwrap();
    assert!(texts.contains(&held), "{held}");
    assert_eq!(
        files(&rules),
        ["my-law.rules", "notes.tmp", "vn-1999.rules"]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// Item 5: a text of hundreds of rulings that all fire together took hundreds of megabytes
/// (500 rulings) or killed the server (4,000). The workbench now refuses a rule set larger
/// than it judges, at once, with the bound in the message.
#[tokio::test]
async fn a_whatif_with_more_rulings_than_the_bound_is_refused_at_once() {
    let mut text = String::from("rules vn-1999 extends vn-1999\n");
    for n in 0..500 {
        let outcome = if n % 2 == 0 { "forbidden" } else { "allowed" };
        text.push_str(&format!(
            "ruling r{n} when every move checking -> {outcome}\n"
        ));
    }
    let (status, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": text})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert_eq!(
        message,
        format!(
            "bộ luật có 530 quy tắc, nhiều hơn bàn làm việc xử được (tối đa {max}) (the rule set has 530 rulings, more than the workbench judges with (at most {max}))",
            max = xqlaw::serve::MAX_RULINGS
        )
    );
}

/// Item 7: stalled and idle connections were never closed, and 80 of them blocked a plain
/// GET. Now the connections are bounded and each stalled one is closed after the header
/// timeout (or the body timeout, with a 408), so the GET is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_connections_are_closed_and_a_get_is_answered() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = Limits {
        connections: 8,
        header_timeout: std::time::Duration::from_secs(1),
        ..Limits::default()
    };
    tokio::spawn(xqlaw::serve::serve_on(
        listener,
        workbench(),
        limits,
        std::future::pending(),
    ));
    // The clients use blocking sockets, each read bounded so that a hang fails the test.
    let clients = tokio::task::spawn_blocking(move || {
        use std::io::{Read as _, Write as _};
        use std::net::TcpStream;
        let connect = || {
            let client = TcpStream::connect(addr).unwrap();
            client
                .set_read_timeout(Some(std::time::Duration::from_secs(60)))
                .unwrap();
            client
        };
        let read_all = |client: &mut TcpStream| {
            let mut bytes = Vec::new();
            // An error is a reset: the server closed the connection too.
            let closed = match client.read_to_end(&mut bytes) {
                Ok(_) => true,
                Err(e) => !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ),
            };
            (closed, String::from_utf8_lossy(&bytes).into_owned())
        };
        // Twenty clients that connect and say nothing, or half a header: more than the bound.
        let mut stalled = Vec::new();
        for n in 0..20 {
            let mut client = connect();
            if n % 2 == 0 {
                client
                    .write_all(b"GET /api/rulesets HTTP/1.1\r\nHo")
                    .unwrap();
            }
            stalled.push(client);
        }
        // A client that sends its headers and half its body.
        let mut half_body = connect();
        let head = format!(
            "POST /api/judge HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{{\"rules\""
        );
        half_body.write_all(head.as_bytes()).unwrap();
        // A plain GET still gets its answer.
        let mut get = connect();
        let request =
            format!("GET /api/rulesets HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n");
        get.write_all(request.as_bytes()).unwrap();
        let (closed, answer) = read_all(&mut get);
        assert!(closed, "a plain GET hangs behind stalled connections");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        // Every stalled client was disconnected by the server.
        for mut client in stalled {
            assert!(read_all(&mut client).0, "a stalled connection stays open");
        }
        // The half body is answered 408 once the body timeout passes, and closed.
        let (closed, answer) = read_all(&mut half_body);
        assert!(closed, "a stalled body keeps its connection open");
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(
            answer.contains("the request body did not arrive within 10 s"),
            "{answer}"
        );
    });
    clients.await.unwrap();
}

/// Item 9: the cache was keyed on modification time and size, so a same-size replacement
/// that kept the time (`cp -p`, `tar`) was judged with the old text.
#[tokio::test]
async fn a_same_size_replacement_that_keeps_the_time_is_read_anew() {
    let (root, wb) = scratch("same-size");
    let path = root.join("rules/vn-1999.rules");
    let titles = |wb: Arc<Workbench>| async move {
        let (status, body, _) = get_from(&wb, "/api/rulesets").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "vn-1999")
            .unwrap()["title"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(titles(wb.clone()).await.contains("(1999)"));
    let text = std::fs::read_to_string(&path).unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    let replaced = text.replacen("Luật Cờ Tướng (1999)", "Luật Cờ Tướng (2099)", 1);
    assert_eq!(replaced.len(), text.len());
    std::fs::write(&path, replaced).unwrap();
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(modified).unwrap();
    drop(file);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified
    );
    assert!(titles(wb).await.contains("(2099)"));
    std::fs::remove_dir_all(&root).unwrap();
}

// ----- issue 25: Vietnamese throughout, the fonts, the report, the free judgement ------------

/// The law's text with `rook-on-crossed-pawn` turned to `allowed` and nothing else: the
/// general chase rulings still forbid the same play, so nothing changes, and the answer must
/// say why.
fn crossed_pawn_allowed_alone() -> String {
    crossed_pawn_ruling("→ allowed")
}

/// The workbench's corpus judged by vn-1999, and the edited text `text` compiled, as the
/// library does it for `xqlaw whatif`.
fn as_the_library_judges(text: &str) -> (xqlaw::analyses::whatif::Baseline, xqlaw::CompiledRules) {
    let base = xqlaw::load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let specs = xqlaw::corpus::load_specs(&[PathBuf::from("spec-tests")]).unwrap();
    let amended = xqlaw::compile_amendment("edited.rules", text, Path::new("rules")).unwrap();
    (
        xqlaw::analyses::whatif::Baseline::new(base, specs.diagrams),
        amended,
    )
}

/// Whether a message says itself in Vietnamese first: some letter outside ASCII before the
/// English gloss in parentheses.
fn vietnamese_first(message: &str) -> bool {
    let head = message.split(" (").next().unwrap_or(message);
    !head.is_ascii()
}

#[tokio::test]
async fn the_apis_errors_are_in_vietnamese_first() {
    let app = || router(workbench());
    let json_type = [("content-type", "application/json")];
    let bad = [
        ("GET", "/api/rulesets/vn-199", None),
        ("GET", "/api/nothing", None),
        ("GET", "/api/whatif", None),
        ("GET", "/assets/nothing.js", None),
        ("GET", "/api/cases?bse=vn-1999", None),
        ("POST", "/api/whatif", Some("{\"base\": ".to_owned())),
        (
            "POST",
            "/api/case",
            Some(json!({"base": "vn-1999", "id": "hinh-740"}).to_string()),
        ),
        (
            "POST",
            "/api/judge",
            Some(json!({"rules": "vn-1999", "fen": "x", "moves": ["h2e2"]}).to_string()),
        ),
        (
            "POST",
            "/api/judge",
            Some(json!({"rules": "vn-1999", "moves": ["a0a5"], "notation": "iccs"}).to_string()),
        ),
        (
            "POST",
            "/api/save",
            Some(json!({"name": "../x", "rules": law_text()}).to_string()),
        ),
        (
            "POST",
            "/api/whatif",
            Some(
                json!({"base": "vn-1999", "rules": "rules x extends vn-1999\nrulng y\n"})
                    .to_string(),
            ),
        ),
    ];
    for (method, uri, body) in bad {
        let (status, answer, _) = send(app(), method, uri, body.clone(), &json_type).await;
        assert!(status.is_client_error(), "{uri}: {status} {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(vietnamese_first(error), "{uri} {body:?}: {error}");
        // The help too, the server's own and that of a position or move the engine refused.
        if let Some(help) = answer["help"].as_str() {
            assert!(vietnamese_first(help), "{uri} {body:?}: help {help}");
        }
    }
    // A request addressed to another name, and a POST from another origin.
    let (status, answer, _) = send(app(), "GET", "/", None, &[("host", "evil.example:8080")]).await;
    assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
    assert!(
        vietnamese_first(answer["error"].as_str().unwrap()),
        "{answer}"
    );
}

#[tokio::test]
async fn an_edit_that_changes_nothing_is_explained_in_the_librarys_words() {
    let text = crossed_pawn_allowed_alone();
    let (status, body) = post(
        "/api/whatif",
        json!({"base": "vn-1999", "rules": text.clone()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["changes"].as_array().unwrap().len(), 0, "{body}");
    // The same reasons `xqlaw whatif` gives, in the same words, the rulings by their names.
    let (baseline, amended) = as_the_library_judges(&text);
    let whatif = baseline.judge(&amended);
    assert!(!whatif.reasons.is_empty());
    let said: Vec<&str> = body["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["said"].as_str().unwrap())
        .collect();
    let library: Vec<String> = whatif.reasons.iter().map(|r| r.line_by_name()).collect();
    assert_eq!(said, library);
    assert!(
        said[0].starts_with("Xe bắt mãi Tốt đã qua sông (`rook-on-crossed-pawn`) cho phép"),
        "the amended ruling, by its name: {}",
        said[0]
    );
    assert!(
        said[0].contains("bắt mãi (`perpetual-chase`)"),
        "the ruling that keeps the verdict, by its name: {}",
        said[0]
    );
    assert!(
        said[0].contains("overrides perpetual-chase"),
        "what to write: {}",
        said[0]
    );
    // The table names rulings by their Vietnamese names.
    assert_eq!(body["names"]["perpetual-chase"], "bắt mãi");
    let (_, cases) = get("/api/cases?base=vn-1999").await;
    assert_eq!(cases["names"]["checking"], "chiếu Tướng");
}

#[tokio::test]
async fn a_case_is_explained_in_the_laws_words_first() {
    let request = json!({"base": "vn-1999", "id": "hinh-74", "rules": crossed_pawn_allowed()});
    let (status, body) = post("/api/case", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let explanation = body["explanation"].as_str().unwrap();
    assert!(
        explanation.starts_with("Phán quyết (verdict): Hòa (draw)\n"),
        "{explanation}"
    );
    assert!(
        explanation.contains("Lặp lại (repetition): thế cờ lúc đầu lặp lại sau nước 4, 8, 12"),
        "{explanation}"
    );
    assert!(
        explanation.contains("Trắng (Red), 6 nước (moves): được phép (allowed)"),
        "{explanation}"
    );
    assert!(
        explanation.contains("Xe bắt mãi Tốt đã qua sông (`rook-on-crossed-pawn`)"),
        "{explanation}"
    );
    // The full explanation follows, after the law's words, in the law's words too: each
    // move by the piece as the law names it, the English as the gloss.
    let full = explanation.find("Bộ luật (rule set) vn-1999").unwrap();
    assert!(full > explanation.find("Giải thích đầy đủ").unwrap());
    let full = &explanation[full..];
    assert!(full.contains("\n  nước 1, Xe Trắng "), "{full}");
    assert!(full.contains(" trên (on) Tốt Đen "), "{full}");
    assert!(
        full.contains("\nTrắng (Red), 6 nước (moves): được phép (allowed)\n"),
        "{full}"
    );
    for english in [
        "\n  ply ",
        "red rook",
        "black pawn",
        "in force",
        "\nverdict row ",
    ] {
        let glossed = format!("({})", english.trim());
        assert!(
            !full.replace(&glossed, "").contains(english),
            "{english:?} outside a gloss in {full}"
        );
    }
}

#[tokio::test]
async fn free_judging_shows_the_board_and_the_repetition_line() {
    let body = hinh_62_judged().await;
    let board = body["board"].as_str().unwrap();
    assert!(board.starts_with("<svg"), "{board}");
    // The first plies drawn as arrows, numbered as the case view numbers them.
    assert!(board.contains("1 P1/1"), "{board}");
    let repetition = body["repetition_said"].as_str().unwrap();
    assert!(repetition.starts_with("thế cờ "), "{repetition}");
    assert!(repetition.contains("(the position "), "{repetition}");
    let said = body["said"].as_str().unwrap();
    assert!(
        said.starts_with("Phán quyết (verdict): Trắng thua (red loses)"),
        "{said}"
    );
    assert_eq!(
        body["names"]["cannon-screen-on-rook"]
            .as_str()
            .map(|n| !n.is_empty()),
        Some(true)
    );
}

#[tokio::test]
async fn the_monospace_font_that_reads_vietnamese_is_served() {
    for file in [
        "mono-latin-400.woff2",
        "mono-latin-700.woff2",
        "mono-vietnamese-400.woff2",
        "mono-vietnamese-700.woff2",
    ] {
        let app = router(workbench());
        let request = Request::builder()
            .uri(format!("/assets/{file}"))
            .header("host", LOCAL)
            .body(Body::empty())
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{file}");
        assert_eq!(response.headers()["content-type"], "font/woff2");
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(bytes.starts_with(b"wOF2"), "{file}");
    }
    let (_, _, css) = get_from(&workbench(), "/assets/app.css").await;
    assert!(
        css.contains("--mono: \"Xqlaw Mono\""),
        "the editor's font comes first"
    );
    assert!(css.contains("/assets/mono-vietnamese-400.woff2"));
}

#[tokio::test]
async fn the_report_is_the_proposal_the_command_line_writes() {
    let text = crossed_pawn_allowed();
    let request = json!({"base": "vn-1999", "rules": text, "name": "vn-1999.rules"});
    let app = router(workbench());
    let request = Request::builder()
        .method("POST")
        .uri("/api/report")
        .header("host", LOCAL)
        .header("content-type", "application/json")
        .body(Body::from(request.to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"vn-1999-de-xuat.html\""
    );
    let page = String::from_utf8(
        axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec(),
    )
    .unwrap();
    // The library's proposal page of the same comparison, byte for byte.
    let (baseline, amended) = as_the_library_judges(&text);
    let whatif = baseline.judge(&amended);
    let base = baseline.rules().unwrap();
    let plays: Vec<_> = baseline.diagrams().iter().map(|d| d.case_play()).collect();
    let coverage = xqlaw::analyses::coverage::coverage;
    let expected = xqlaw::docgen::proposal(&xqlaw::docgen::Proposal {
        whatif: &whatif,
        base,
        amended: &amended,
        diagrams: baseline.diagrams(),
        base_text: (&law_text(), "rules/vn-1999.rules"),
        amended_text: (&text, "vn-1999.rules"),
        coverage: Some((coverage(base, &plays), coverage(&amended, &plays))),
        command: "xqlaw serve: Tải báo cáo (Download report)",
        games: None,
    });
    assert_eq!(page, expected);
    assert!(page.contains("Hình 74"), "the changed cases are in it");
    // A text with errors gives the errors, not a page.
    let (status, body) = post(
        "/api/report",
        json!({"base": "vn-1999", "rules": "rules x extends vn-1999\nrulng y\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"].is_array(), "{body}");
}

#[tokio::test]
async fn a_byte_order_mark_pasted_into_the_text_is_read_as_a_file_reads_it() {
    // Pasted from a file an editor saved with a mark (Notepad): the text is the law's.
    let pasted = format!("\u{feff}{}", law_text());
    let (status, body) = post(
        "/api/whatif",
        json!({"base": "vn-1999", "rules": pasted.clone()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["changes"].as_array().unwrap().len(), 0, "{body}");
    let (status, body) = post(
        "/api/judge",
        json!({"rules": pasted, "fen": HINH_62, "moves": ["P1/1", "P8/1"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // An error on the first line is at the column an editor shows, which never counts the mark.
    let (status, body) = post(
        "/api/whatif",
        json!({"base": "vn-1999", "rules": "\u{feff}rules x extends vn-1999 oops\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let e = &body["errors"][0];
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(1), Some(25)),
        "{body}"
    );
}

#[tokio::test]
async fn pieces_are_named_as_the_law_writes_them() {
    // The case view: the law's words name the chased piece, not `black pawn f4`.
    let request = json!({"base": "vn-1999", "id": "hinh-74", "rules": crossed_pawn_allowed()});
    let (status, body) = post("/api/case", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let explanation = body["explanation"].as_str().unwrap();
    let said = &explanation[..explanation.find("Giải thích đầy đủ").unwrap()];
    assert!(said.contains(" trên (on) Tốt Đen "), "{said}");
    for english in ["red ", "black "] {
        assert!(!said.contains(english), "{english:?} in {said}");
    }
    // The free tab: every piece the judgement names, with the law's words for it.
    let body = hinh_62_judged().await;
    let pieces = body["pieces"].as_object().unwrap();
    let fired = body["red"]["fired"].as_array().unwrap();
    let target = fired.iter().find_map(|f| f["target"].as_str()).unwrap();
    assert!(pieces.contains_key(target), "{target}: {pieces:?}");
    for (english, vi) in pieces {
        let (side, role) = match english.split(' ').collect::<Vec<_>>()[..] {
            [side, role, _] => (side, role),
            _ => panic!("{english}"),
        };
        let words = [
            ("king", "Tướng"),
            ("advisor", "Sĩ"),
            ("elephant", "Tượng"),
            ("horse", "Mã"),
            ("rook", "Xe"),
            ("cannon", "Pháo"),
            ("pawn", "Tốt"),
        ];
        let role_vi = words.iter().find(|(en, _)| *en == role).unwrap().1;
        let side_vi = if side == "red" { "Trắng" } else { "Đen" };
        let square = english.rsplit(' ').next().unwrap();
        assert_eq!(vi, &format!("{role_vi} {side_vi} {square}"));
    }
}

/// The first problem a rule text gets from `POST /api/whatif`, or its first warning.
async fn first_problem(text: &str, list: &str) -> Value {
    let (_, body) = post("/api/whatif", json!({"base": "vn-1999", "rules": text})).await;
    body[list][0].clone()
}

#[tokio::test]
async fn the_librarys_messages_are_in_vietnamese_first_with_the_english_after() {
    // A syntax error (the parser's).
    let e = first_problem("rules x extends vn-1999\nrulng y\n", "errors").await;
    let message = e["message"].as_str().unwrap();
    assert!(message.starts_with("cần "), "{e}");
    assert!(message.contains(" (expected "), "{e}");
    // A compile error, its help the suggestion computed from the file's names, in both.
    let text = law_text().replacen(
        "overrides perpetual-harmless",
        "overrides perpetual-harmlss",
        1,
    );
    let e = first_problem(&text, "errors").await;
    assert_eq!(
        e["message"],
        "không có quy tắc `perpetual-harmlss` (unknown ruling `perpetual-harmlss`)"
    );
    assert_eq!(
        e["help"],
        "có phải `perpetual-harmless`? (did you mean `perpetual-harmless`?)"
    );
    // A misspelt keyword (the parser's suggestion), and a rule set that is not there (where
    // rule sets are looked for).
    let text = law_text().replacen(
        "overrides perpetual-harmless",
        "overides perpetual-harmless",
        1,
    );
    let e = first_problem(&text, "errors").await;
    assert_eq!(
        e["help"],
        "có phải `overrides`? (did you mean `overrides`?)"
    );
    let e = first_problem("rules x extends nothing-like-it\n", "errors").await;
    let help = e["help"].as_str().unwrap();
    assert!(
        help.starts_with("bộ luật được tìm dưới tên `nothing-like-it.rules` trong "),
        "{e}"
    );
    assert!(
        help.contains(" (rule sets are looked up as `nothing-like-it.rules` in "),
        "{e}"
    );
    // A compile error whose help the kind words: both in the law's language first.
    let text = format!(
        "{}\nruling x\n    when every move checking\n    → forbidden\n    overrides x\n",
        law_text()
    );
    let e = first_problem(&text, "errors").await;
    assert_eq!(
        e["message"],
        "quy tắc `x` gạt bỏ chính nó (ruling `x` overrides itself)"
    );
    assert_eq!(
        e["help"],
        "một quy tắc chỉ gạt bỏ được quy tắc khác (a ruling can only set aside other rulings)"
    );
    // A warning.
    let text = format!("{}\nterm never-used on move = checking\n", law_text());
    let w = first_problem(&text, "warnings").await;
    assert_eq!(
        w["message"],
        "thuật ngữ `never-used` không được dùng ở đâu (term `never-used` is never used)"
    );
    assert!(w["help"].as_str().unwrap().starts_with("dùng nó "), "{w}");
    // Positions, moves and notations the engine refuses.
    for (request, said) in [
        (
            json!({"rules": "vn-1999", "fen": "x", "moves": ["h2e2"]}),
            "bàn cờ có 1 hàng thay vì 10 (the board has 1 ranks instead of 10)",
        ),
        (
            json!({"rules": "vn-1999", "fen": "9/9/9/9/9/9/9/9/9/9 w", "moves": ["h2e2"]}),
            "Trắng không có Tướng (red has no king)",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["a0a5"], "notation": "iccs"}),
            "nước 1 của Trắng: `a0a5` không phải nước đi hợp lệ: đường đi bị cản ở a3 (move 1 for red: `a0a5` is not a legal move: the way is blocked on a3)",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["X2.1"], "notation": "vi"}),
            "nước 1 của Trắng: không quân nào ứng với `X2.1`: không có Xe Trắng nào ở cột 2 (move 1 for Trắng: no piece fits `X2.1`: no red rook stands on file 2)",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["X9.9"], "notation": "vi"}),
            "nước 1 của Trắng: ",
        ),
        (
            json!({"rules": "vn-1999", "moves": ["h2e2"], "notation": "klingon"}),
            "không có ký hiệu `klingon` (unknown notation `klingon`)",
        ),
    ] {
        let (status, body) = post("/api/judge", request.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{request}: {body}"
        );
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(said), "{request}: {error}");
        // The engine's help, in the law's language first.
        let help = body["help"].as_str().unwrap();
        assert!(vietnamese_first(help), "{request}: {help}");
    }
    let (_, body) = post(
        "/api/judge",
        json!({"rules": "vn-1999", "moves": ["X2.1"], "notation": "vi"}),
    )
    .await;
    let help = body["help"].as_str().unwrap();
    assert!(
        help.starts_with("các nước có thể đúng ý: `X9.1`, "),
        "{body}"
    );
    assert!(help.contains(" (moves that would fit: `X9.1`, "), "{body}");
    let (_, body) = post(
        "/api/judge",
        json!({"rules": "vn-1999", "fen": "x", "moves": ["h2e2"]}),
    )
    .await;
    assert!(
        body["help"]
            .as_str()
            .unwrap()
            .starts_with("liệt kê mười hàng "),
        "{body}"
    );
}
