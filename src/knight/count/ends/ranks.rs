//! The classes of a count by classes shared among the processes of an MPI run: process 0 hands them out one at a time, counts some itself, and records each as it ends; a lost process leaves no total, and the classes missing are named.
//!
//! The classes are independent counts of very unequal cost (on 8 × 8 a
//! pair with a corner holds several times the states of a central pair),
//! so they are handed out as processes come free rather than dealt in
//! advance: a process asks for a class, counts it alone (no MPI call while
//! it counts), sends back its count and asks again, until process 0 answers
//! that none is left. Process 0 counts classes too, on a thread of its
//! own, while its main thread (the one that may call MPI) answers the
//! others, polling without spinning. Each count received is recorded in the
//! checkpoint as one process would record it, so a run stopped or broken
//! resumes from there. Stopped (Ctrl-C, `scancel`), every process stops
//! its class and says so, and process 0 reports the classes counted; a
//! process that does not answer (lost) leaves process 0 to end with exit
//! status 2 and one line naming the classes missing, never a total.

use super::super::distributed;
use super::super::Outcome;
use super::{Counted, Job, Summed};
use crate::control::{Control, NoProgress};
use crate::error::{Error, Result};
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Tag;
use std::collections::VecDeque;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A process asks for a class (its first message).
const READY: Tag = 1;
/// A process sends a class's count: `I COUNT PEAK` as text, and asks for the next.
const DONE: Tag = 2;
/// A process was stopped before its class ended.
const STOPPED: Tag = 3;
/// A process could not count its class: the error's text.
const FAILED: Tag = 4;
/// Process 0 hands out a class (its place), or [`NONE`].
const CLASS: Tag = 5;
/// No class left: the process ends.
const NONE: u64 = u64::MAX;

/// How long a process waiting for a message sleeps between two looks.
const POLL: Duration = Duration::from_millis(2);

/// How long process 0, stopped, waits for the others to say that they
/// stopped too, past which one is taken as lost: within the time the
/// stopped processes wait for one another
/// ([`STOP_GRACE`](distributed::STOP_GRACE)).
const ANSWER_WITHIN: Duration = Duration::from_millis(200);

/// Counts the classes `todo` of `job` (the others of its part are in
/// `counted`) shared among the processes of this MPI run.
pub(super) fn count(
    job: &Job,
    counted: Counted,
    todo: &[usize],
    memory: u64,
    ctl: &Control,
) -> Result<Summed> {
    let world = SimpleCommunicator::world();
    if world.rank() == 0 {
        Handout::new(job, counted, todo, world.size() as usize).run(memory, ctl)
    } else {
        take(job, &world, memory, ctl)
    }
}

/// A process other than 0: asks for classes and counts them until none is
/// left or it is stopped. Its report (never printed) holds its classes.
fn take(job: &Job, world: &SimpleCommunicator, memory: u64, ctl: &Control) -> Result<Summed> {
    let root = world.process_at_rank(0);
    let quiet = ctl.clone().with_progress(Arc::new(NoProgress));
    let mut mine = Counted::new();
    let mut peak_states = 0;
    root.send_with_tag(&[0u8][..], READY);
    loop {
        // Waiting for a class, stopped: say so, and end.
        let Some(i) = wait_for_class(world, ctl) else {
            root.send_with_tag(&[0u8][..], STOPPED);
            distributed::stopped_together();
            return Ok(job.summed(&mine, true, peak_states));
        };
        if i == NONE {
            return Ok(job.summed(&mine, false, peak_states));
        }
        match job.count_one(i as usize, memory, &quiet) {
            Ok(Outcome::Done {
                count,
                peak_states: peak,
            }) => {
                root.send_with_tag(format!("{i} {count} {peak}").as_bytes(), DONE);
                peak_states = peak_states.max(peak);
                mine.insert(i as usize, count);
            }
            Ok(Outcome::Stopped { .. }) => {
                root.send_with_tag(&[0u8][..], STOPPED);
                distributed::stopped_together();
                return Ok(job.summed(&mine, true, peak_states));
            }
            Err(e) => {
                root.send_with_tag(e.to_string().as_bytes(), FAILED);
                distributed::stopped_together();
                return Err(e);
            }
        }
    }
}

/// The class process 0 hands this one (or [`NONE`]), waited for without
/// spinning; `None` when this process is stopped first.
fn wait_for_class(world: &SimpleCommunicator, ctl: &Control) -> Option<u64> {
    let root = world.process_at_rank(0);
    loop {
        if let Some((message, _)) = root.immediate_matched_probe_with_tag(CLASS) {
            let (class, _) = message.matched_receive::<u64>();
            return Some(class);
        }
        if ctl.stopped() {
            return None;
        }
        std::thread::sleep(POLL);
    }
}

/// Process 0's side: the classes still to hand out, who counts what, and
/// what has come back.
struct Handout<'a> {
    job: &'a Job<'a>,
    counted: Counted,
    queue: VecDeque<usize>,
    /// The classes of the run, for the progress notes.
    of: usize,
    /// The class each process is counting (process 0's own thread at 0).
    busy: Vec<Option<usize>>,
    /// The processes that have ended (told that no class is left, or stopped).
    ended: Vec<bool>,
    peak_states: u64,
    /// Since when the run is stopping (no class is handed out any more).
    stopping_since: Option<Instant>,
    stopping: bool,
}

/// What process 0's own counting thread sends back: the class and how its count went.
type Counted1 = (usize, Result<Outcome>);

impl<'a> Handout<'a> {
    fn new(job: &'a Job<'a>, counted: Counted, todo: &[usize], size: usize) -> Self {
        let mut ended = vec![false; size];
        ended[0] = true;
        Handout {
            job,
            counted,
            queue: todo.iter().copied().collect(),
            of: todo.len(),
            busy: vec![None; size],
            ended,
            peak_states: 0,
            stopping_since: None,
            stopping: false,
        }
    }

    /// Hands out the classes and gathers their counts until every process
    /// has ended; the count of the classes, or the first error.
    fn run(mut self, memory: u64, ctl: &Control) -> Result<Summed> {
        let world = SimpleCommunicator::world();
        let bar = ctl.progress();
        bar.set_total(self.of as u64);
        self.note_missing();
        let quiet = ctl.clone().with_progress(Arc::new(NoProgress));
        let job = self.job;
        std::thread::scope(|scope| {
            let (to_thread, classes) = mpsc::channel::<usize>();
            let (results, from_thread) = mpsc::channel::<Counted1>();
            scope.spawn(move || {
                for i in classes {
                    if results.send((i, job.count_one(i, memory, &quiet))).is_err() {
                        break;
                    }
                }
            });
            let ended = self.serve(&world, &to_thread, &from_thread, ctl);
            if ended.is_err() {
                // Ends this process's own class at once (and no MPI end to wait for).
                distributed::stopped_together();
                ctl.request_stop();
            }
            drop(to_thread);
            ended
        })?;
        distributed::set_note(String::new());
        if self.stopping {
            distributed::stopped_together();
        }
        // Every class handed out came back: none of the part may be missing.
        let missing = self.missing();
        if !self.stopping && !missing.is_empty() {
            return Err(Error::Check(format!(
                "the processes of this run left out {}; no count",
                super::listed(&missing)
            )));
        }
        Ok(self
            .job
            .summed(&self.counted, self.stopping, self.peak_states))
    }

    /// The loop of process 0's main thread: gives its own thread and the
    /// other processes classes as they come free, and takes their counts.
    fn serve(
        &mut self,
        world: &SimpleCommunicator,
        to_thread: &mpsc::Sender<usize>,
        from_thread: &mpsc::Receiver<Counted1>,
        ctl: &Control,
    ) -> Result<()> {
        loop {
            self.stopping |= ctl.stopped();
            let mut idle = true;
            if self.busy[0].is_none() && !self.stopping {
                if let Some(i) = self.queue.pop_front() {
                    self.busy[0] = Some(i);
                    self.noted(i, 0, ctl);
                    // The thread ends only with this loop.
                    let _ = to_thread.send(i);
                }
            }
            while let Ok((i, outcome)) = from_thread.try_recv() {
                idle = false;
                self.busy[0] = None;
                match outcome? {
                    Outcome::Done { count, peak_states } => {
                        self.took(i, count, peak_states, ctl)?
                    }
                    Outcome::Stopped { .. } => self.stopping = true,
                }
            }
            while let Some(probed) = world.any_process().immediate_matched_probe() {
                idle = false;
                let (from, tag) = (probed.1.source_rank() as usize, probed.1.tag());
                let (words, _) = probed.matched_receive_vec::<u8>();
                self.answer(world, from, tag, &words, ctl)?;
            }
            let own_done = self.busy[0].is_none() && (self.stopping || self.queue.is_empty());
            if own_done && self.ended.iter().all(|&e| e) {
                return Ok(());
            }
            if self.stopping {
                let since = *self.stopping_since.get_or_insert_with(Instant::now);
                if own_done && since.elapsed() > ANSWER_WITHIN {
                    self.lost();
                }
            }
            if idle {
                std::thread::sleep(POLL);
            }
        }
    }

    /// Answers the message `words` of tag `tag` from process `from`.
    fn answer(
        &mut self,
        world: &SimpleCommunicator,
        from: usize,
        tag: Tag,
        words: &[u8],
        ctl: &Control,
    ) -> Result<()> {
        let text = String::from_utf8_lossy(words);
        match tag {
            DONE => {
                let bad = || Error::Check(format!("process {from} sent '{text}' for a class"));
                let mut fields = text.split(' ');
                let mut next = || fields.next().ok_or_else(bad);
                let i: usize = next()?.parse().map_err(|_| bad())?;
                let count = next()?.parse().map_err(|_| bad())?;
                let peak = next()?.parse().map_err(|_| bad())?;
                if self.busy[from] != Some(i) {
                    return Err(bad());
                }
                self.busy[from] = None;
                self.took(i, count, peak, ctl)?;
                self.hand(world, from, ctl);
            }
            READY => self.hand(world, from, ctl),
            STOPPED => {
                self.busy[from] = None;
                self.ended[from] = true;
                self.stopping = true;
            }
            _ => {
                distributed::stopped_together();
                return Err(Error::usage(format!("process {from}: {text}")));
            }
        }
        Ok(())
    }

    /// Hands process `to` the next class, or tells it that none is left.
    fn hand(&mut self, world: &SimpleCommunicator, to: usize, ctl: &Control) {
        let next = if self.stopping {
            None
        } else {
            self.queue.pop_front()
        };
        let process = world.process_at_rank(to as i32);
        match next {
            Some(i) => {
                self.busy[to] = Some(i);
                self.noted(i, to, ctl);
                process.send_with_tag(&(i as u64), CLASS);
            }
            None => {
                self.ended[to] = true;
                process.send_with_tag(&NONE, CLASS);
            }
        }
    }

    /// The class `i` counted: recorded in the checkpoint, and in the note a lost process leaves.
    fn took(
        &mut self,
        i: usize,
        count: num_bigint::BigUint,
        peak: u64,
        ctl: &Control,
    ) -> Result<()> {
        self.counted.insert(i, count);
        self.peak_states = self.peak_states.max(peak);
        self.job.record(&self.counted)?;
        self.note_missing();
        ctl.progress().advance(1);
        Ok(())
    }

    /// Ends this process (exit status 2) naming the processes that did not
    /// answer once stopped, and the classes missing.
    fn lost(&self) -> ! {
        let silent: Vec<String> = (1..self.ended.len())
            .filter(|&r| !self.ended[r])
            .map(|r| r.to_string())
            .collect();
        distributed::fail(&format!(
            "the distributed count was stopped and process {} did not answer within {} ms (it may be lost); no count",
            silent.join(", "),
            ANSWER_WITHIN.as_millis()
        ))
    }

    /// The progress note of the class `i` handed to process `to`.
    fn noted(&self, i: usize, to: usize, ctl: &Control) {
        let started = self.of - self.queue.len();
        ctl.progress().note(&format!(
            "class {started} of {}: {} (process {to})",
            self.of,
            self.job.ends(i)
        ));
    }

    /// The classes of the part not counted yet.
    fn missing(&self) -> Vec<usize> {
        (0..self.job.all.len())
            .filter(|&i| self.job.by.part.owns(i) && !self.counted.contains_key(&i))
            .collect()
    }

    /// What a lost process leaves to say: the classes of this run not yet
    /// counted, and where those counted are.
    fn note_missing(&self) {
        let missing = self.missing();
        let kept = match &self.job.by.checkpoint {
            Some(path) => format!(
                "; the {} counted are in {}, which the same command resumes from",
                self.counted.len(),
                path.display()
            ),
            None => String::new(),
        };
        distributed::set_note(format!("; {} missing{kept}", super::listed(&missing)));
    }
}
