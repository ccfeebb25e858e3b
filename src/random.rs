//! Reproducible randomness: every random instance comes from a seed the user can give back with `--seed`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator behind every random instance; ChaCha8 gives the same stream on every platform and version.
pub type Rng = ChaCha8Rng;

/// The generator for `seed`.
pub fn rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A fresh seed from the operating system, for runs without `--seed` (reported so they can be replayed).
pub fn fresh_seed() -> u64 {
    rand::random()
}
