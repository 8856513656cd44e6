//! The local web workbench of `xqlaw serve`: edit a rule set in the browser and watch every
//! diagram's verdict change.
//!
//! An HTTP server (axum on tokio) serves one page, embedded in the binary, and a small JSON API
//! the page uses (and other tools may):
//!
//! - `GET /api/rulesets`: the rule sets of the rules folder, names and titles;
//! - `GET /api/rulesets/{name}`: one rule set's text;
//! - `GET /api/cases?base=NAME`: every case of the corpus with the base's expectation and
//!   verdict (the rows of the page's table that do not change);
//! - `POST /api/whatif`: an edited rule text judged against its base ([`crate::analyses::whatif`]);
//! - `POST /api/case`: one case, with its board, moves, commentary and the explanation under
//!   the edited rules;
//! - `POST /api/judge`: any position and moves, as `xqlaw judge --json` answers, with the
//!   judgement in the law's words, the board and the repetition line;
//! - `POST /api/save`: "Save as", a new rule file in the rules folder;
//! - `POST /api/report`: the edited text's proposal, the one printable page `xqlaw whatif
//!   --report` writes ([`crate::docgen::proposal`]).
//!
//! Answers and errors speak as the law writes: Vietnamese first, the English in parentheses
//! (`serve/err.rs` words every error); rulings and terms come with their Vietnamese names.
//!
//! The server is meant for one person on their own machine. It binds the loopback address
//! unless told otherwise, answers only requests addressed to itself (a `Host` guard against
//! DNS rebinding), refuses every POST sent from another origin, and sends no CORS header, so
//! a web page elsewhere can neither drive it nor read from it ([`guard`]). Bodies are limited
//! in size, and judging runs on blocking threads, a bounded number at a time, each bounded in
//! time ([`jobs`]). Connections are bounded in number, and closed when their client stalls or
//! idles ([`listen`]).

mod api;
mod assets;
mod err;
pub mod guard;
pub mod jobs;
pub mod listen;
mod routes;
mod save;
mod workbench;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use save::{SaveError, check_name};
pub use workbench::{LoadError, MAX_MATE_NODES, MAX_MATE_PLIES, MAX_RULINGS, MAX_TERMS, Workbench};

/// The largest request body the server reads (1 MB): a rule file is a few dozen kilobytes.
pub const BODY_LIMIT: usize = 1 << 20;

/// Bounds on the work the server takes on.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Judging jobs run at once (more wait their turn).
    pub jobs: usize,
    /// The longest a request may wait for its turn and be judged, together.
    pub timeout: Duration,
    /// The largest request body, in bytes.
    pub body: usize,
    /// Connections served at once (more wait in the system's queue).
    pub connections: usize,
    /// The time a client has to send a request's headers; an idle connection is closed then.
    pub header_timeout: Duration,
}

impl Default for Limits {
    /// As many jobs as cores (at least two), 20 s per request, 1 MB bodies, 256 connections
    /// (fewer if the process may open fewer files), 10 s for the headers.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Limits {
            jobs: cores.max(2),
            timeout: Duration::from_secs(20),
            body: BODY_LIMIT,
            connections: listen::connection_bound(),
            header_timeout: listen::HEADER_TIMEOUT,
        }
    }
}

/// What `xqlaw serve` is asked for.
#[derive(Debug, Clone)]
pub struct Options {
    /// The rules folder: the rule sets offered, and where "Save as" writes.
    pub rules: PathBuf,
    /// The spec files judged (a folder or files).
    pub specs: PathBuf,
    /// The address to bind.
    pub bind: IpAddr,
    /// The port (0: any free port).
    pub port: u16,
    /// Bounds on the work taken on.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: PathBuf::from("rules"),
            specs: PathBuf::from("spec-tests"),
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            limits: Limits::default(),
        }
    }
}

/// The application: every route, the guard and the body limit, for the server listening at
/// `local` (whose port the guard checks `Host` and `Origin` against).
pub fn app(workbench: Arc<Workbench>, local: SocketAddr) -> axum::Router {
    routes::router(workbench, local)
}

/// Loads the workbench, binds, calls `ready` with the address listened on, and serves until
/// Ctrl-C.
///
/// # Errors
///
/// The rule sets or spec files cannot be loaded, or the address cannot be bound.
pub fn run(options: &Options, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let workbench = Arc::new(
        Workbench::load(&options.rules, &options.specs, options.limits)
            .map_err(ServeError::Load)?,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(options.bind, options.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Bind(addr, e))?;
        let local = listener
            .local_addr()
            .map_err(|e| ServeError::Bind(addr, e))?;
        ready(local);
        serve_on(listener, workbench, options.limits, async {
            // Without a signal handler the server runs until it is killed, which is fine.
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(ServeError::Serve)
    })
}

/// Serves the workbench on `listener` (bound already) until `shutdown` completes, with the
/// connection bound and header timeout of `limits`.
///
/// # Errors
///
/// The listener's address cannot be read.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    workbench: Arc<Workbench>,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    listen::serve(
        listener,
        app(workbench, local),
        limits.connections,
        limits.header_timeout,
        shutdown,
    )
    .await
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum ServeError {
    /// The rule sets or spec files could not be loaded.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Load(LoadError),
    /// The async runtime could not start.
    #[error("cannot start the server's runtime: {0}")]
    #[diagnostic(code(xqlaw::serve::runtime))]
    Runtime(std::io::Error),
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    #[diagnostic(code(xqlaw::serve::bind))]
    Bind(SocketAddr, std::io::Error),
    /// Serving failed.
    #[error("the server stopped: {0}")]
    #[diagnostic(code(xqlaw::serve::stopped))]
    Serve(std::io::Error),
}
