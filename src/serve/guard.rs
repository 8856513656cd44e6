//! Requests from elsewhere are refused.
//!
//! - `Host` must name the server itself: `localhost` or an IP address, with the server's port.
//!   A web page on another site can make a browser send requests to the local server through
//!   a name that resolves to 127.0.0.1 (DNS rebinding); such a request carries that name as its
//!   `Host` and is refused (421), for reads as well as writes.
//! - A POST whose `Origin` is present must come from the server's own address (`http://` and
//!   the `Host` it was sent to); any other, `null` included, is refused (403). Browsers send
//!   `Origin` on every cross-origin POST, so a page elsewhere cannot drive the server.
//! - No answer carries a CORS header, so no other origin can read an answer, and
//!   `Cross-Origin-Resource-Policy: same-origin` keeps other pages from embedding them.

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::err::{ApiError, ApiErrorKind};

/// Whether `host` (a `Host` header) names a server listening on `port`: `localhost` or an IP
/// address literal, with that port (or none, when the port is 80).
pub fn host_allowed(host: &str, port: u16) -> bool {
    let (name, host_port) = split_port(host);
    let port_ok = match host_port {
        Some(p) => p.parse::<u16>() == Ok(port),
        None => port == 80,
    };
    let name_ok = name.eq_ignore_ascii_case("localhost")
        || name.parse::<std::net::Ipv4Addr>().is_ok()
        || name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .is_some_and(|n| n.parse::<std::net::Ipv6Addr>().is_ok());
    port_ok && name_ok
}

/// `name` and `port` of `name:port`, `[v6]:port`, `name` or `[v6]`.
fn split_port(host: &str) -> (&str, Option<&str>) {
    match host.rfind(':') {
        Some(i) if !host[i..].contains(']') => (&host[..i], Some(&host[i + 1..])),
        _ => (host, None),
    }
}

/// Whether `origin` (an `Origin` header) is the server's own address, reached as `host`.
pub fn origin_allowed(origin: &str, host: &str) -> bool {
    origin
        .strip_prefix("http://")
        .is_some_and(|o| o.eq_ignore_ascii_case(host))
}

/// The middleware: checks `Host` (every request) and `Origin` (POST), and marks every answer
/// as same-origin only.
pub async fn guard(State(port): State<u16>, request: Request, next: Next) -> Response {
    if let Err(refused) = check(&request, port) {
        return refused.into_response();
    }
    let mut response = next.run(request).await;
    response.headers_mut().insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    response.headers_mut().insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// Refuses a request not addressed to the server, or a POST from another origin.
fn check(request: &Request, port: u16) -> Result<(), ApiError> {
    let text = |name| {
        request
            .headers()
            .get(name)
            .map(|v: &HeaderValue| v.to_str().unwrap_or("\u{fffd}").to_owned())
    };
    let host =
        text(header::HOST).or_else(|| request.uri().authority().map(|a| a.as_str().to_owned()));
    let Some(host) = host.filter(|h| host_allowed(h, port)) else {
        return Err(ApiError::new(ApiErrorKind::Misdirected));
    };
    if request.method() == Method::POST {
        if let Some(origin) = text(header::ORIGIN) {
            if !origin_allowed(&origin, &host) {
                return Err(ApiError::new(ApiErrorKind::ForeignOrigin { origin }));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_the_server_itself() {
        assert!(host_allowed("127.0.0.1:8080", 8080));
        assert!(host_allowed("localhost:8080", 8080));
        assert!(host_allowed("LOCALHOST:8080", 8080));
        assert!(host_allowed("[::1]:8080", 8080));
        assert!(host_allowed("192.168.1.5:8080", 8080));
        assert!(host_allowed("127.0.0.1", 80));
        assert!(!host_allowed("127.0.0.1", 8080));
        assert!(!host_allowed("127.0.0.1:8081", 8080));
        assert!(!host_allowed("evil.example:8080", 8080));
        assert!(!host_allowed("localhost.evil.example:8080", 8080));
        assert!(!host_allowed("[::1]", 8080));
        assert!(!host_allowed("", 8080));
    }

    #[test]
    fn origins_are_the_server_itself() {
        assert!(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(!origin_allowed("http://localhost:8080", "127.0.0.1:8080"));
        assert!(!origin_allowed("https://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(!origin_allowed("http://evil.example", "127.0.0.1:8080"));
        assert!(!origin_allowed("null", "127.0.0.1:8080"));
        assert!(!origin_allowed(
            "http://127.0.0.1:8080.evil.example",
            "127.0.0.1:8080"
        ));
    }
}
