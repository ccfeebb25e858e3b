//! The frontier programme shared among the processes of an MPI run: each process holds the states whose hash falls to it, and they exchange successors after every square.
//!
//! Built with the `mpi` feature (the `mpi` crate over the system's MPI
//! library) and started by `mpirun` or Slurm's `srun`, the processes run the
//! same programme as one process does (`layers`), but each holds only the
//! states that a hash of their key gives it. Adding a square, a process
//! steps its own states on every core into one sorted run of successors,
//! splits the run by the hash of each key (each part stays sorted), sends
//! every other process its part in rounds of bounded size (MPI's
//! all-to-all), and merges the sorted parts it receives, adding the counts
//! of equal keys: a state's successors meet in the process that owns them,
//! whoever made them. Mirror folding happens before the split, so that a
//! key has one owner. Every square ends with the processes agreeing, by a
//! reduction, on whether any of them was stopped, ran out of memory or of
//! count limbs (all then stop alike), on the states held in all, and that
//! every state sent was received; the count is the sum of what each
//! process completed, gathered at the end, so there is never a count
//! without every process. A process lost: the launcher stops the others
//! (SIGTERM), and one that cannot meet the rest at the end of its square
//! within [`STOP_GRACE`], or whose MPI call fails, ends with exit status 2
//! and one line.
//!
//! MPI rather than a dataflow engine: it is what clusters run (Open MPI or
//! MPICH, started by `mpirun` or by Slurm's `srun`, with the cluster's
//! fast network), and the programme needs only its all-to-all exchange and
//! reductions between steps it already has.

use super::columns::{run_walk_by, Runner, Sweep};
use super::key::Stored;
use super::layers::{merge, ColumnsHalt, Entry, Meter, SortedRun, Stepper, Summable, Wide};
use super::{Census, Outcome};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::Dims;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::ffi;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::{AsRaw, CommunicatorCollectives};
use std::os::raw::c_int;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The processes sharing the frontier programme (1: it runs in this process alone).
static PROCESSES: AtomicUsize = AtomicUsize::new(1);

/// This process's number in the run.
static RANK: AtomicUsize = AtomicUsize::new(0);

/// Whether every process agreed to stop (Ctrl-C, or the launcher ending the
/// run): then each reports how far it got and ends without waiting for the
/// others in MPI's end, which the launcher may be tearing down.
static STOPPED_TOGETHER: AtomicBool = AtomicBool::new(false);

/// What a lost process leaves to add to the one line (a count by classes:
/// the classes missing, and where those counted are kept).
static NOTE: Mutex<String> = Mutex::new(String::new());

/// Where a process that loses another writes its one line: its standard
/// error as it was before the other processes' output was silenced.
static ERROR_FD: AtomicI32 = AtomicI32::new(2);

/// How long a stopped process waits for the others to stop with it: less
/// than the 350 ms the command gives interrupted work to come back with
/// what it found (past which it ends with "interrupted", status 130, which
/// a lost process must not pass for), and than the second Open MPI's
/// `mpirun` leaves between its SIGTERM and its SIGKILL when it ends a run
/// (its `odls_base_sigkill_timeout`).
pub const STOP_GRACE: Duration = Duration::from_millis(250);

/// Words of one round of the exchange, to all processes together: 256 MiB.
const ROUND_WORDS: usize = 1 << 25;

/// The processes sharing the frontier programme: more than one within an MPI run.
pub(crate) fn processes() -> usize {
    PROCESSES.load(Ordering::Relaxed)
}

/// This process's number within an MPI run (0 outside one).
pub(crate) fn rank() -> usize {
    RANK.load(Ordering::Relaxed)
}

/// Sets what a lost process leaves to add to this one's last line.
pub(in crate::knight::count) fn set_note(note: String) {
    if let Ok(mut held) = NOTE.lock() {
        *held = note;
    }
}

/// Marks this process as stopped with the others (or ending on an error
/// of its own): it then ends without waiting for them in MPI's end.
pub(in crate::knight::count) fn stopped_together() {
    STOPPED_TOGETHER.store(true, Ordering::Relaxed);
}

/// A process of an MPI run (`mpirun`, `srun`): while it is held, the
/// frontier programme of every count is shared among the run's processes.
///
/// Only process 0 prints: the others' standard output and error are
/// silenced when they join. Dropping it ends MPI.
pub struct Cluster {
    universe: Option<Universe>,
    rank: usize,
    size: usize,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        PROCESSES.store(1, Ordering::Relaxed);
        RANK.store(0, Ordering::Relaxed);
        if STOPPED_TOGETHER.load(Ordering::Relaxed) {
            // No MPI_Finalize: it would wait for a launcher that is ending the run.
            std::mem::forget(self.universe.take());
        }
    }
}

impl Cluster {
    /// Joins the MPI run this process was started in, if it was started by
    /// an MPI launcher with more than one process (Open MPI's `mpirun`,
    /// MPICH's `mpiexec`, Slurm's `srun` with PMI or PMIx); `None` otherwise.
    pub fn join() -> Result<Option<Cluster>> {
        const LAUNCHERS: [&str; 5] = [
            "OMPI_COMM_WORLD_SIZE",
            "PMIX_RANK",
            "PMI_SIZE",
            "PMI_RANK",
            "MPI_LOCALNRANKS",
        ];
        if !LAUNCHERS.iter().any(|v| std::env::var_os(v).is_some()) {
            return Ok(None);
        }
        let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
            .ok_or_else(|| Error::usage("MPI was already started in this process"))?;
        let world = universe.world();
        let (rank, size) = (world.rank() as usize, world.size() as usize);
        if size < 2 {
            return Ok(None);
        }
        on_failure_exit(&world);
        if rank != 0 {
            silence_output();
        }
        PROCESSES.store(size, Ordering::Relaxed);
        RANK.store(rank, Ordering::Relaxed);
        Ok(Some(Cluster {
            universe: Some(universe),
            rank,
            size,
        }))
    }

    /// Ends this process with exit status 2 and one line when it has not
    /// ended [`STOP_GRACE`] after `stop` was raised (Ctrl-C, or the
    /// launcher's SIGTERM on losing a process): a clean stop meets the other
    /// processes at the end of a square within it, but a process blocked in
    /// an exchange with a lost one would wait for ever.
    pub fn watch(&self, stop: Arc<AtomicBool>) {
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
            std::thread::sleep(STOP_GRACE);
            if STOPPED_TOGETHER.load(Ordering::Relaxed) {
                return;
            }
            fail(&format!(
                "the distributed count was stopped and another process did not answer within {} ms (one may be lost); no count",
                STOP_GRACE.as_millis()
            ));
        });
    }

    /// This process's number, from 0 (the one that prints).
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// How many processes share the count.
    pub fn size(&self) -> usize {
        self.size
    }
}

/// Makes an MPI error in `world` (a process lost, a connection cut) end
/// this process with one line and exit status 2, instead of MPI's report.
fn on_failure_exit(world: &SimpleCommunicator) {
    /// The handler MPI calls on an error: writes one line, ends the process.
    unsafe extern "C" fn failed(_comm: *mut ffi::MPI_Comm, code: *mut c_int) {
        let mut text = [0u8; 512];
        let mut len: c_int = 0;
        // SAFETY: MPI writes at most MPI_MAX_ERROR_STRING (256) bytes into the buffer.
        let known =
            unsafe { ffi::MPI_Error_string(*code, text.as_mut_ptr().cast(), &mut len) == 0 };
        let what = if known {
            String::from_utf8_lossy(&text[..len.clamp(0, 512) as usize]).into_owned()
        } else {
            format!("error {}", unsafe { *code })
        };
        fail(&format!(
            "the distributed count lost one of its processes or a connection (MPI: {}); no count",
            what.trim()
        ));
    }
    // The handler's type in MPI's header is variadic; on the C calling
    // convention a function of the two fixed arguments is called alike.
    let handler: unsafe extern "C" fn(*mut ffi::MPI_Comm, *mut c_int) = failed;
    // SAFETY: creating and setting an error handler on the world communicator after MPI_Init.
    unsafe {
        let mut errhandler: ffi::MPI_Errhandler = std::mem::zeroed();
        let function: ffi::MPI_Comm_errhandler_function = Some(std::mem::transmute::<
            unsafe extern "C" fn(*mut ffi::MPI_Comm, *mut c_int),
            unsafe extern "C" fn(*mut ffi::MPI_Comm, *mut c_int, ...),
        >(handler));
        ffi::MPI_Comm_create_errhandler(function, &mut errhandler);
        ffi::MPI_Comm_set_errhandler(world.as_raw(), errhandler);
    }
}

/// Ends this process at once with `what` as its one line and exit status 2,
/// without waiting for the other processes (MPI is not ended).
pub(in crate::knight::count) fn fail(what: &str) -> ! {
    // The note, unless its lock is held (this may run inside MPI's error handler).
    let note = NOTE.try_lock().map(|n| n.clone()).unwrap_or_default();
    let line = format!("puzzles: {what}{note}\n");
    // SAFETY: a plain write to a file descriptor, then the end of the process.
    unsafe {
        libc::write(
            ERROR_FD.load(Ordering::Relaxed),
            line.as_ptr().cast(),
            line.len(),
        );
        libc::_exit(2)
    }
}

/// Sends this process's standard output and error to `/dev/null` (keeping
/// its error stream for the one line of [`on_failure_exit`]).
fn silence_output() {
    // SAFETY: duplicating and replacing this process's own file descriptors.
    unsafe {
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
        if null < 0 {
            return;
        }
        let saved = libc::dup(2);
        if saved >= 0 {
            ERROR_FD.store(saved, Ordering::Relaxed);
        }
        libc::dup2(null, 1);
        libc::dup2(null, 2);
        libc::close(null);
    }
}

/// Runs the programme on `dims` for `census` shared among the processes
/// when there are several (see [`processes`]), within `memory` bytes a
/// process; `None` when this process runs alone.
pub(super) fn run(
    dims: Dims,
    census: Census,
    memory: u64,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    if processes() < 2 {
        return None;
    }
    let world = SimpleCommunicator::world();
    let shared = Shared {
        rank: world.rank() as usize,
        size: world.size() as usize,
    };
    Some(run_walk_by(&Sweep::new(dims, census), memory, ctl, &shared))
}

/// The processes of the run, as this one sees them.
struct Shared {
    rank: usize,
    size: usize,
}

/// The process that holds the state of stored bits `bits` among `size`.
fn owner(bits: u128, size: usize) -> usize {
    // A multiplicative hash (Knuth's golden ratio), its high half scaled to `size`.
    let h =
        ((bits as u64) ^ ((bits >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (((h >> 32) * size as u64) >> 32) as usize
}

/// Why a process could not go on, as a number the processes reduce (the largest wins).
fn halt_code(halt: &ColumnsHalt) -> [u64; 3] {
    match *halt {
        ColumnsHalt::Carry => [1, 0, 0],
        ColumnsHalt::Stopped { .. } => [2, 0, 0],
        ColumnsHalt::Memory { states, bytes } => [3, bytes, states],
    }
}

/// What `stepped` (this process's step after `columns` columns) becomes
/// once every process has told how its step went: every process goes on,
/// or all stop alike.
fn agree<T>(
    world: &SimpleCommunicator,
    stepped: std::result::Result<T, ColumnsHalt>,
    columns: usize,
) -> std::result::Result<T, ColumnsHalt> {
    let mine = stepped.as_ref().err().map_or([0; 3], halt_code);
    let mut worst = [0u64; 3];
    world.all_reduce_into(&mine[..], &mut worst[..], SystemOperation::max());
    match worst[0] {
        0 => stepped,
        1 => Err(ColumnsHalt::Carry),
        2 => {
            STOPPED_TOGETHER.store(true, Ordering::Relaxed);
            Err(ColumnsHalt::Stopped { columns })
        }
        _ => Err(ColumnsHalt::Memory {
            bytes: worst[1],
            states: worst[2],
        }),
    }
}

/// The count: the sum of what each of the `size` processes completed (`total` here).
fn gathered<const L: usize>(
    world: &SimpleCommunicator,
    total: Wide<L>,
    size: usize,
) -> std::result::Result<Wide<L>, ColumnsHalt> {
    let mut limbs = vec![0u64; L * size];
    world.all_gather_into(&total.limbs()[..], &mut limbs[..]);
    let mut count = Wide::<L>::ZERO;
    for part in limbs.chunks_exact(L) {
        let mut one = [0u64; L];
        one.copy_from_slice(part);
        if !count.tally(&Wide::from_limbs(one)) {
            return Err(ColumnsHalt::Carry);
        }
    }
    Ok(count)
}

impl Runner for Shared {
    fn run<S: Stored, const L: usize>(
        &self,
        walk: &Sweep,
        memory: u64,
        ctl: &Control,
    ) -> std::result::Result<(Wide<L>, u64), ColumnsHalt> {
        let world = SimpleCommunicator::world();
        let rows = walk.rows;
        let stepper = Stepper::<S, L>::new(walk, memory);
        let first = stepper.first();
        let mut states = SortedRun::new();
        if owner(first.0.to_bits(), self.size) == self.rank {
            states.push(first);
        }
        let mut total = Wide::<L>::ZERO;
        let (mut peak, mut held) = (1u64, 1u64);
        let mut meter = Meter::new(rows);
        for v in 0..walk.n {
            let columns = v / rows;
            meter.read(held);
            let stepped = if ctl.stopped() {
                Err(ColumnsHalt::Stopped { columns })
            } else {
                stepper.step(v, states, ctl).and_then(|(next, done)| {
                    if total.tally(&done) {
                        Ok(next)
                    } else {
                        Err(ColumnsHalt::Carry)
                    }
                })
            };
            let next = agree(&world, stepped, columns)?;
            let (mine, sent, received, ok) = self.exchange(&world, next);
            states = mine;
            // The states held in all, the entries sent and received, the carries.
            let tally = [states.len() as u64, sent, received, u64::from(!ok)];
            let mut sums = [0u64; 4];
            world.all_reduce_into(&tally[..], &mut sums[..], SystemOperation::sum());
            if sums[1] != sums[2] {
                // Never a count from states that went astray.
                let line = format!("puzzles: the distributed count lost states in an exchange ({} sent, {} received); no count\n", sums[1], sums[2]);
                // SAFETY: the same one line and end as on an MPI error.
                unsafe {
                    libc::write(
                        ERROR_FD.load(Ordering::Relaxed),
                        line.as_ptr().cast(),
                        line.len(),
                    );
                    libc::_exit(2);
                }
            }
            if sums[3] != 0 {
                return Err(ColumnsHalt::Carry);
            }
            held = sums[0];
            peak = peak.max(held);
            meter.added(ctl, v, held, peak, &format!(" on {} processes", self.size));
        }
        Ok((gathered(&world, total, self.size)?, peak))
    }
}

impl Shared {
    /// Sends each state of `run` to the process that owns it and merges
    /// what this process receives: its states, the entries sent and
    /// received (its own part counted as both), and false on a carry.
    fn exchange<S: Stored, const L: usize>(
        &self,
        world: &SimpleCommunicator,
        run: SortedRun<Entry<S, L>>,
    ) -> (SortedRun<Entry<S, L>>, u64, u64, bool) {
        let size = self.size;
        let entry_words = std::mem::size_of::<S>().div_ceil(8) + L;
        let (own, outgoing) = self.by_owner(run);
        let sent: u64 = outgoing
            .iter()
            .map(|w| (w.len() / entry_words) as u64)
            .sum();
        // How many words each process sends each other.
        let lengths: Vec<u64> = outgoing.iter().map(|w| w.len() as u64).collect();
        let mut incoming = vec![0u64; size];
        world.all_to_all_into(&lengths[..], &mut incoming[..]);
        // Rounds of at most ROUND_WORDS words in all, whole entries to each process.
        let share = ((ROUND_WORDS / size).max(1 << 12) / entry_words * entry_words) as u64;
        let rounds_mine = lengths
            .iter()
            .chain(&incoming)
            .map(|&n| n.div_ceil(share))
            .max()
            .unwrap_or(0);
        let mut rounds = [0u64];
        world.all_reduce_into(&[rounds_mine][..], &mut rounds[..], SystemOperation::max());
        let mut parts: Vec<SortedRun<Entry<S, L>>> = (0..size).map(|_| SortedRun::new()).collect();
        let mut received = 0u64;
        for round in 0..rounds[0] {
            let slice = Slice { share, round };
            received += receive(world, &outgoing, &incoming, slice, &mut parts);
        }
        drop(outgoing);
        let own_len = own.len() as u64;
        parts[self.rank] = own;
        let (merged, ok) = merged(parts);
        (merged, sent + own_len, received + own_len, ok)
    }

    /// The states of `run` this process owns, as a run (freeing `run`
    /// chunk by chunk), and the words to send each process.
    fn by_owner<S: Stored, const L: usize>(
        &self,
        mut run: SortedRun<Entry<S, L>>,
    ) -> (SortedRun<Entry<S, L>>, Vec<Vec<u64>>) {
        let key_words = std::mem::size_of::<S>().div_ceil(8);
        let mut own = SortedRun::new();
        let mut outgoing: Vec<Vec<u64>> = vec![Vec::new(); self.size];
        while let Some(chunk) = run.pop_chunk() {
            for entry in chunk {
                let bits = entry.0.to_bits();
                let to = owner(bits, self.size);
                if to == self.rank {
                    own.push(entry);
                    continue;
                }
                let words = &mut outgoing[to];
                words.push(bits as u64);
                if key_words == 2 {
                    words.push((bits >> 64) as u64);
                }
                words.extend_from_slice(entry.1.limbs());
            }
        }
        (own, outgoing)
    }
}

/// One round of an exchange: the words `round · share` to `(round + 1) · share` of each list.
#[derive(Clone, Copy)]
struct Slice {
    share: u64,
    round: u64,
}

impl Slice {
    /// Where this round's words of a list of `total` words begin, and how many.
    fn of(self, total: u64) -> (usize, usize) {
        let from = (self.round * self.share).min(total);
        (
            from as usize,
            ((from + self.share).min(total) - from) as usize,
        )
    }
}

/// One round of an exchange: this process sends its slice of each list of
/// `outgoing` and receives its slice of what each process sends it (of
/// `incoming` words in all), appended to that process's run of `parts`;
/// the entries received.
fn receive<S: Stored, const L: usize>(
    world: &SimpleCommunicator,
    outgoing: &[Vec<u64>],
    incoming: &[u64],
    slice: Slice,
    parts: &mut [SortedRun<Entry<S, L>>],
) -> u64 {
    let key_words = std::mem::size_of::<S>().div_ceil(8);
    let entry_words = key_words + L;
    let size = outgoing.len();
    let mut send = Vec::new();
    let (mut counts, mut displs) = (Vec::with_capacity(size), Vec::with_capacity(size));
    for words in outgoing {
        let (from, len) = slice.of(words.len() as u64);
        displs.push(send.len() as i32);
        counts.push(len as i32);
        send.extend_from_slice(&words[from..from + len]);
    }
    let (mut rcounts, mut rdispls) = (Vec::with_capacity(size), Vec::with_capacity(size));
    let mut at = 0;
    for &total in incoming {
        let (_, len) = slice.of(total);
        rdispls.push(at as i32);
        rcounts.push(len as i32);
        at += len;
    }
    let mut recv = vec![0u64; at];
    {
        let out = Partition::new(&send[..], &counts[..], &displs[..]);
        let mut into = PartitionMut::new(&mut recv[..], &rcounts[..], &rdispls[..]);
        world.all_to_all_varcount_into(&out, &mut into);
    }
    drop(send);
    let mut received = 0;
    for (from, part) in parts.iter_mut().enumerate() {
        let at = rdispls[from] as usize;
        for entry in recv[at..at + rcounts[from] as usize].chunks_exact(entry_words) {
            let mut bits = u128::from(entry[0]);
            if key_words == 2 {
                bits |= u128::from(entry[1]) << 64;
            }
            let mut limbs = [0u64; L];
            limbs.copy_from_slice(&entry[key_words..]);
            part.push((S::from_bits(bits), Wide::from_limbs(limbs)));
            received += 1;
        }
    }
    received
}

/// The sorted runs `parts` merged pairwise, as a tournament; false on a carry.
fn merged<S: Stored, const L: usize>(
    mut parts: Vec<SortedRun<Entry<S, L>>>,
) -> (SortedRun<Entry<S, L>>, bool) {
    let mut ok = true;
    while parts.len() > 1 {
        let mut next = Vec::with_capacity(parts.len().div_ceil(2));
        let mut it = parts.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => {
                    let (m, fine) = merge(a, b);
                    ok &= fine;
                    next.push(m);
                }
                None => next.push(a),
            }
        }
        parts = next;
    }
    (parts.pop().unwrap_or_else(SortedRun::new), ok)
}
