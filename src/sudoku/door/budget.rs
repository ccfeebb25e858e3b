//! The time budget of one grid's explanation, hint or rating (`--time-limit`), and the grace a stopped one gets.

use super::*;

/// How long a stopped explanation, hint or rating may take to come back: the
/// techniques poll the stop flag only between steps.
const GRACE: Duration = Duration::from_millis(1500);

/// How long one grid's explanation, hint or rating may take: past it the
/// work is stopped, and the answer refused (at the latest [`GRACE`] later,
/// the stopped work left to end on its own thread).
pub(super) struct Budget {
    /// The seconds allowed (0: no limit).
    secs: u64,
    /// What was sought, for the message.
    what: &'static str,
    /// The grid's side, for the message.
    side: usize,
}

impl Budget {
    /// The time allowed for the `what` of a grid of `side`.
    pub(super) fn new(request: &Request, side: usize, what: &'static str) -> Budget {
        let hint = matches!(request.mode, Mode::Hint { .. });
        let secs = match request.time_limit {
            Some(secs) => secs,
            None if side > 16 && hint => 8,
            None if side > 16 => 120,
            None => 0,
        };
        Budget { secs, what, side }
    }

    /// Runs `work` within the time allowed; `outcome` says whether what it
    /// gave back was cut short.
    pub(super) fn run<T: Send + 'static>(
        &self,
        ctl: &Control,
        work: impl FnOnce(&Control) -> Result<T> + Send + 'static,
        outcome: impl Fn(&T) -> &Outcome,
    ) -> Result<T> {
        if self.secs == 0 {
            return work(ctl);
        }
        let (done, wait) = std::sync::mpsc::channel();
        let worker = ctl.clone();
        std::thread::spawn(move || {
            let _ = done.send(work(&worker));
        });
        let answer = match wait.recv_timeout(Duration::from_secs(self.secs)) {
            Ok(answer) => return answer,
            Err(_) => {
                ctl.request_stop();
                wait.recv_timeout(GRACE)
            }
        };
        match answer {
            Ok(Ok(t)) if !matches!(outcome(&t), Outcome::Interrupted) => Ok(t),
            Ok(Err(e)) => Err(e),
            _ => {
                let n = self.side;
                Err(Error::usage(format!(
                    "gave up after {} s: the {} of this {n}×{n} grid takes longer (--time-limit SECONDS allows more, 0 none)",
                    self.secs, self.what
                )))
            }
        }
    }
}
