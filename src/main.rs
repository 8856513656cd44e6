//! The `xqlaw` command line.
fn main() {}
