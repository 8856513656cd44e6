//! The `xqlaw` command line: parses the arguments and hands each subcommand to its module
//! under `cli/`. All the work is done by the library.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::Cli::parse().run()
}
