//! Progress on stderr for work that can take more than a few seconds
//! (weight conversion, IREE compiles and runs): a bar (bytes, rate, time
//! left) or a spinner with the elapsed time when stderr is a terminal, plain
//! lines otherwise, nothing when quiet ([`set_quiet`]).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns progress output off (`--quiet`) or on for the rest of the run.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

fn terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// Says what is happening (`hlo-opt: MESSAGE`), unless quiet.
pub fn say(message: &str) {
    if !quiet() {
        eprintln!("hlo-opt: {message}");
    }
}

/// How long a step runs before it is shown.
const SHOW_AFTER: Duration = Duration::from_secs(2);

/// Runs `f`, saying on stderr what it does if it takes more than two
/// seconds: a spinner with the elapsed time on a terminal, otherwise a line
/// then; either way a line with its time when it ends. Short steps print
/// nothing.
pub fn step<T>(what: &str, f: impl FnOnce() -> T) -> T {
    if quiet() {
        return f();
    }
    let start = Instant::now();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let shown = std::thread::scope(|scope| {
        let watcher = scope.spawn(move || {
            if wait.recv_timeout(SHOW_AFTER).is_ok() {
                return None;
            }
            if terminal() {
                let bar = ProgressBar::new_spinner()
                    .with_message(what.to_string())
                    .with_elapsed(start.elapsed());
                bar.set_style(
                    ProgressStyle::with_template("hlo-opt: {spinner} {msg} ({elapsed})")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                bar.enable_steady_tick(Duration::from_millis(120));
                let _ = wait.recv();
                bar.finish_and_clear();
            } else {
                eprintln!("hlo-opt: {what}...");
            }
            Some(())
        });
        let out = f();
        let _ = done.send(());
        let shown = watcher.join().ok().flatten().is_some();
        (out, shown)
    });
    let (out, shown) = shown;
    if shown {
        eprintln!("hlo-opt: {what}: {:.1} s", start.elapsed().as_secs_f64());
    }
    out
}

/// Progress through a known number of bytes: a bar with bytes done, the
/// rate and the time left on a terminal; otherwise a line at most once a
/// second (`hlo-opt: converted 120.0 of 4700.0 MB (3%), 310 MB/s`).
pub struct Bytes {
    verb: &'static str,
    bar: Option<ProgressBar>,
    start: Instant,
    last: Option<Instant>,
    shown: bool,
}

impl Bytes {
    /// Progress of `verb` (`converted`), shown only if it takes over a second.
    pub fn new(verb: &'static str) -> Bytes {
        Bytes {
            verb,
            bar: None,
            start: Instant::now(),
            last: None,
            shown: false,
        }
    }

    /// `done` of `total` bytes are through.
    pub fn update(&mut self, done: u64, total: u64) {
        if quiet() {
            return;
        }
        let now = Instant::now();
        let since = |t: Instant| now.duration_since(t).as_secs_f64();
        if terminal() {
            if self.bar.is_none() && since(self.start) >= 1.0 && done < total {
                let bar = ProgressBar::new(total);
                bar.set_style(
                    ProgressStyle::with_template("hlo-opt: [{bar:24}] {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_bar())
                        .progress_chars("=> "),
                );
                self.bar = Some(bar);
            }
            if let Some(bar) = &self.bar {
                // Rate and time left from the start of the work (indicatif's
                // own estimate follows the last few updates, which come one
                // tensor at a time and jump).
                let secs = since(self.start).max(1e-9);
                let rate = done as f64 / secs;
                let left = if rate > 0.0 {
                    format!(
                        ", about {:.0} s left",
                        (total - done.min(total)) as f64 / rate
                    )
                } else {
                    String::new()
                };
                bar.set_length(total);
                bar.set_position(done);
                bar.set_message(format!(
                    "{} {:.2} of {:.2} GB, {:.0} MB/s{left}",
                    self.verb,
                    done as f64 / 1e9,
                    total as f64 / 1e9,
                    rate / 1e6
                ));
            }
            return;
        }
        let due = since(self.last.unwrap_or(self.start)) >= 1.0;
        if !(due || (done == total && self.shown)) {
            return;
        }
        self.last = Some(now);
        self.shown = true;
        let secs = since(self.start).max(1e-9);
        eprintln!(
            "hlo-opt: {} {:.1} of {:.1} MB ({:.0}%), {:.0} MB/s",
            self.verb,
            done as f64 / 1e6,
            total as f64 / 1e6,
            100.0 * done as f64 / total.max(1) as f64,
            done as f64 / 1e6 / secs
        );
    }

    /// The work is done: a bar is finished with its final figures.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }
}
