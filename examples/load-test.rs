//! Load test of `xqlaw serve`: starts the server on a free loopback port, runs N clients for
//! S seconds against it (a mix of every endpoint, each answer checked), samples the server's
//! memory, prints requests per second, latency percentiles and the memory at start and end,
//! and stops the server. It exits 1 if any answer was wrong or memory grew.
//!
//! ```text
//! cargo build --release && cargo run --release --example load-test -- [--clients 50] [--seconds 30]
//! ```
//!
//! Traffic goes only to the loopback address of the server it started; the run ends by
//! itself after the given seconds (at most 600), and every socket read is bounded in time.

#![allow(missing_docs)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const HINH_62: &str = "4kae2/4a4/4e3h/2r3p1p/2p2H3/9/1RP3P1P/4E3C/2r1A4/2H1KAEc1 w";

fn main() {
    let mut clients = 50usize;
    let mut seconds = 30u64;
    let mut server = String::from("target/release/xqlaw");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match a.as_str() {
            "--clients" => clients = value().parse().expect("a number of clients"),
            "--seconds" => seconds = value().parse().expect("a number of seconds"),
            "--server" => server = value(),
            other => panic!("unknown option `{other}` (--clients N, --seconds S, --server PATH)"),
        }
    }
    let seconds = seconds.clamp(1, 600);
    let clients = clients.clamp(1, 500);

    let mut child = Server::start(&server);
    let addr = child.addr;
    assert!(
        addr.ip().is_loopback(),
        "the load test sends traffic to loopback only"
    );
    println!("load-test: {clients} clients for {seconds} s against http://{addr}/ ({server})");

    let law = std::fs::read_to_string("rules/vn-1999.rules").expect("rules/vn-1999.rules");
    let edited = crossed_pawn_allowed(&law);
    let requests = Arc::new(requests(&edited));

    // Warm up: the base's judgements are computed once, on the first request that needs them.
    let mut warm = Client::new(addr);
    for r in requests.iter() {
        let (status, body) = warm.send(r);
        assert!(
            (r.check)(status, &body),
            "warm-up: {} answered {status}: {body}",
            r.name
        );
    }
    let rss_start = child.rss_kb();

    let stop = Arc::new(AtomicBool::new(false));
    let results = Arc::new(Mutex::new(Vec::<(usize, Duration, bool)>::new()));
    let threads: Vec<_> = (0..clients)
        .map(|k| {
            let (stop, results, requests) = (stop.clone(), results.clone(), requests.clone());
            std::thread::spawn(move || {
                let mut client = Client::new(addr);
                let mut mine = Vec::new();
                let mut i = k;
                while !stop.load(Ordering::Relaxed) {
                    let which = i % requests.len();
                    let r = &requests[which];
                    let started = Instant::now();
                    let (status, body) = client.send(r);
                    let ok = (r.check)(status, &body);
                    if !ok {
                        eprintln!(
                            "wrong answer to {}: {status} {}",
                            r.name,
                            &body[..body.len().min(200)]
                        );
                    }
                    mine.push((which, started.elapsed(), ok));
                    i += 1;
                }
                results.lock().unwrap().extend(mine);
            })
        })
        .collect();

    let started = Instant::now();
    let mut rss_max = rss_start;
    while started.elapsed() < Duration::from_secs(seconds) {
        std::thread::sleep(Duration::from_millis(500));
        rss_max = rss_max.max(child.rss_kb());
    }
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = started.elapsed();
    let rss_end = child.rss_kb();
    child.stop();

    let results = results.lock().unwrap();
    let wrong = results.iter().filter(|r| !r.2).count();
    let mut all: Vec<Duration> = results.iter().map(|r| r.1).collect();
    println!(
        "requests: {} in {:.1} s = {:.0} requests/s; wrong answers: {wrong}",
        results.len(),
        elapsed.as_secs_f64(),
        results.len() as f64 / elapsed.as_secs_f64()
    );
    println!("latency, all requests: {}", percentiles(&mut all));
    for (k, r) in requests.iter().enumerate() {
        let mut these: Vec<Duration> = results.iter().filter(|x| x.0 == k).map(|x| x.1).collect();
        println!(
            "  {:<28} {:>6} requests, {}",
            r.name,
            these.len(),
            percentiles(&mut these)
        );
    }
    println!(
        "server memory (RSS): {} MB after warm-up, {} MB at the end, {} MB at most",
        rss_start / 1024,
        rss_end / 1024,
        rss_max / 1024
    );
    // Flat: the end within a quarter (and 32 MB) of the start; allocator pools may grow a bit
    // under 50 concurrent requests, a leak grows without bound.
    let flat = rss_end <= rss_start + rss_start / 4 + 32 * 1024;
    if wrong > 0 || !flat || results.is_empty() {
        println!("load-test: FAILED ({wrong} wrong answers; memory flat: {flat})");
        std::process::exit(1);
    }
    println!("load-test: passed");
}

fn percentiles(v: &mut [Duration]) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort();
    let at = |p: f64| v[((v.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1000.0;
    format!(
        "p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(0.50),
        at(0.95),
        at(0.99),
        at(1.0)
    )
}

/// The law's text with `rook-on-crossed-pawn` allowing the chase (as the browser test edits).
fn crossed_pawn_allowed(law: &str) -> String {
    let at = law.find("ruling rook-on-crossed-pawn").expect("the ruling");
    let end = at + law[at..].find("→ forbidden").expect("its outcome");
    format!(
        "{}→ allowed\n    overrides perpetual-chase, unprotected-target{}",
        &law[..end],
        &law[end + "→ forbidden".len()..]
    )
}

/// One kind of request and how to check its answer.
struct Req {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<String>,
    check: fn(u16, &str) -> bool,
}

fn requests(edited: &str) -> Vec<Req> {
    vec![
        Req {
            name: "GET /api/rulesets",
            method: "GET",
            path: "/api/rulesets",
            body: None,
            check: |s, b| s == 200 && b.contains("\"vn-1999\""),
        },
        Req {
            name: "POST /api/judge (Hình 62)",
            method: "POST",
            path: "/api/judge",
            body: Some(
                json!({"rules": "vn-1999", "fen": HINH_62,
                    "moves": ["P1/1", "P8/1", "S5/6", "P8.1", "S6.5", "P8/1", "S5/6", "P8.1", "S6.5"]})
                .to_string(),
            ),
            check: |s, b| {
                s == 200
                    && serde_json::from_str::<Value>(b).is_ok_and(|v| v["verdict"] == "red_loses")
            },
        },
        Req {
            name: "POST /api/whatif (edited)",
            method: "POST",
            path: "/api/whatif",
            body: Some(json!({"base": "vn-1999", "rules": edited}).to_string()),
            check: |s, b| {
                s == 200
                    && serde_json::from_str::<Value>(b).is_ok_and(|v| {
                        v["cases"].as_u64().is_some_and(|n| n >= 80)
                            && v["changes"].as_array().map(|c| {
                                c.iter().map(|x| x["id"].as_str().unwrap_or("")).collect::<Vec<_>>()
                            }) == Some(vec!["hinh-74", "hinh-75"])
                    })
            },
        },
        Req {
            name: "POST /api/case (Hình 74)",
            method: "POST",
            path: "/api/case",
            body: Some(json!({"base": "vn-1999", "id": "hinh-74", "rules": edited}).to_string()),
            check: |s, b| {
                s == 200
                    && serde_json::from_str::<Value>(b)
                        .is_ok_and(|v| v["after"] == "draw" && v["board"].as_str().is_some_and(|x| x.starts_with("<svg")))
            },
        },
        Req {
            name: "POST /api/whatif (typo)",
            method: "POST",
            path: "/api/whatif",
            body: Some(
                json!({"base": "vn-1999", "rules": edited.replacen("ruling rook-on", "rulng rook-on", 1)})
                    .to_string(),
            ),
            check: |s, b| s == 422 && b.contains("\"errors\""),
        },
        Req {
            name: "POST /api/judge (bad JSON)",
            method: "POST",
            path: "/api/judge",
            body: Some("{\"rules\": ".into()),
            check: |s, b| s == 400 && b.contains("bad JSON"),
        },
    ]
}

/// The server under test, started by this program and stopped by it.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(binary: &str) -> Server {
        let mut child = Command::new(binary)
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start `{binary}`: {e} (build it: cargo build --release)")
            });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in `{line}`"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap();
        Server { child, addr }
    }

    /// The server's resident memory, in kB.
    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A keep-alive HTTP/1.1 client on one connection (reconnects when the server closes it).
struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    fn send(&mut self, r: &Req) -> (u16, String) {
        for _ in 0..2 {
            if let Some(answer) = self.try_send(r) {
                return answer;
            }
            self.conn = None;
        }
        (0, String::from("no answer"))
    }

    fn try_send(&mut self, r: &Req) -> Option<(u16, String)> {
        if self.conn.is_none() {
            let stream = TcpStream::connect_timeout(&self.addr, Duration::from_secs(10)).ok()?;
            stream
                .set_read_timeout(Some(Duration::from_secs(60)))
                .ok()?;
            stream.set_nodelay(true).ok()?;
            self.conn = Some(BufReader::new(stream));
        }
        let conn = self.conn.as_mut()?;
        let body = r.body.as_deref().unwrap_or("");
        let head = format!(
            "{} {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            r.method,
            r.path,
            self.addr,
            body.len()
        );
        let stream = conn.get_mut();
        stream.write_all(head.as_bytes()).ok()?;
        stream.write_all(body.as_bytes()).ok()?;
        let mut status_line = String::new();
        if conn.read_line(&mut status_line).ok()? == 0 {
            return None;
        }
        let status: u16 = status_line.split_whitespace().nth(1)?.parse().ok()?;
        let (mut length, mut chunked) = (None, false);
        loop {
            let mut line = String::new();
            conn.read_line(&mut line).ok()?;
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (k, v) = line.split_once(':')?;
            match k.trim().to_ascii_lowercase().as_str() {
                "content-length" => length = v.trim().parse::<usize>().ok(),
                "transfer-encoding" => chunked = v.trim().eq_ignore_ascii_case("chunked"),
                _ => {}
            }
        }
        let mut bytes = Vec::new();
        if chunked {
            loop {
                let mut size = String::new();
                conn.read_line(&mut size).ok()?;
                let n = usize::from_str_radix(size.trim(), 16).ok()?;
                let mut chunk = vec![0; n + 2];
                conn.read_exact(&mut chunk).ok()?;
                if n == 0 {
                    break;
                }
                bytes.extend_from_slice(&chunk[..n]);
            }
        } else {
            let mut buf = vec![0; length?];
            conn.read_exact(&mut buf).ok()?;
            bytes = buf;
        }
        Some((status, String::from_utf8_lossy(&bytes).into_owned()))
    }
}
