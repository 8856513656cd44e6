//! `xqlaw serve`: the local web workbench.

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::serve::{LoadError, Options, ServeError};

use super::err::Flagged;

/// Arguments of `xqlaw serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The rules folder: the rule sets offered, and where "Save as" writes (default: the
    /// project's `rules/`).
    #[arg(long)]
    rules: Option<PathBuf>,
    /// The spec files judged (default: the project's `spec-tests/`).
    #[arg(long)]
    specs: Option<PathBuf>,
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default, the loopback address, lets only this machine
    /// in; another address opens the workbench (and "Save as") to the network.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
}

/// Serves until Ctrl-C; exit 1 if the server cannot start.
pub fn run(args: &ServeArgs) -> ExitCode {
    let project = super::project_of(&[]);
    let options = Options {
        rules: args.rules.clone().unwrap_or_else(|| project.join("rules")),
        specs: args
            .specs
            .clone()
            .unwrap_or_else(|| project.join("spec-tests")),
        bind: args.bind,
        port: args.port,
        ..Options::default()
    };
    let result = xqlaw::serve::run(&options, |addr| {
        let host = if addr.ip().is_unspecified() {
            format!("127.0.0.1:{}", addr.port())
        } else {
            addr.to_string()
        };
        outln!("xqlaw workbench: http://{host}/  (Ctrl-C stops it)");
        if !addr.ip().is_loopback() {
            super::warn(&super::CommandWarning::OpenWorkbench(addr));
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&Flagged::new(&e, flag_help(&e))),
    }
}

/// The help of a workbench that cannot start, where the library's "give the folder" is an
/// option of `serve`.
fn flag_help(error: &ServeError) -> Option<String> {
    match error {
        ServeError::Load(LoadError::NoRules(_)) => Some("give `--rules DIR`".to_owned()),
        ServeError::Load(LoadError::NoCases(_)) => Some("give `--specs DIR`".to_owned()),
        _ => None,
    }
}
