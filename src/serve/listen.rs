//! Accepting connections: a bound on how many are open at once, and timeouts that close the
//! ones whose client stalls, so that stalled or idle clients can never keep a plain GET
//! waiting for long.
//!
//! - At most [`super::Limits::connections`] connections are served at once; past that, new clients
//!   wait in the system's queue until one closes (the bound stays under the process's limit
//!   of open files, so the listener itself never runs out).
//! - A client has [`HEADER_TIMEOUT`] to send a request's headers, from the moment the
//!   connection opens or the previous answer was sent: a stalled client and an idle
//!   keep-alive connection are both closed then (hyper's header read timeout).
//! - A client has [`BODY_TIMEOUT`] to send a request's body once its headers came
//!   (the JSON body reader of the API); past it the answer is 408 and the connection is closed.

use std::future::Future;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The time a client has to send a request's headers (and an idle connection stays open).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The time a client has to send a request's body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The most connections served at once when the process may open many files.
pub const MAX_CONNECTIONS: usize = 256;

/// The bound on connections for this process: [`MAX_CONNECTIONS`], or fewer when the process
/// may open fewer files (the listener, the rule files and the standard streams need some).
pub fn connection_bound() -> usize {
    let files = open_files_limit().unwrap_or(1024);
    let spare = usize::try_from(files.saturating_sub(32)).unwrap_or(MAX_CONNECTIONS);
    spare.clamp(4, MAX_CONNECTIONS)
}

/// The soft limit on open files, as `/proc/self/limits` says it (Linux).
fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serves `app` on `listener` until `shutdown` completes, at most `connections` at once,
/// each with the header timeout `header_timeout`.
///
/// # Errors
///
/// None in practice: a failed accept (out of files, say) is waited out and retried.
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    connections: usize,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let open = std::sync::Arc::new(Semaphore::new(connections.max(1)));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit,
            () = &mut shutdown => return Ok(()),
        };
        let Ok(permit) = permit else {
            return Ok(());
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of files or a connection reset before it was accepted: wait, then go on.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_stays_under_the_open_files_limit() {
        let bound = connection_bound();
        assert!((4..=MAX_CONNECTIONS).contains(&bound));
        if let Some(files) = open_files_limit() {
            assert!(bound as u64 <= files.max(36));
        }
    }
}
