//! Which compiled form of the 9×9 search an x86-64 processor runs, read with three `cpuid` questions.
//!
//! The standard library's feature detection asks `cpuid` about every
//! feature it knows, a dozen leaves; under a hypervisor each question is a
//! trap to it, 10–20 µs measured on a virtual AMD EPYC: a tenth of the
//! program's start. Leaves 0, 1 and 7 (with `xgetbv` for the operating
//! system's AVX state, which does not trap) say all the search needs
//! (Intel, "Intel 64 and IA-32 Architectures Software Developer's Manual",
//! vol. 2A, CPUID; AMD, "CPUID Specification").

use std::sync::atomic::{AtomicU8, Ordering};

/// The form of the search a processor runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// The plain x86-64 (or other) form.
    Plain,
    /// AVX2, `popcnt`, BMI1 and BMI2, segment masks by table loads.
    Avx2,
    /// The same, segment masks by `pext` (where it is fast).
    Avx2Pext,
}

/// The form found by the first [`form`] call (0: not asked yet).
static FORM: AtomicU8 = AtomicU8::new(0);

/// The form of the search this processor runs (detected once, then a load).
pub(super) fn form() -> Form {
    match FORM.load(Ordering::Relaxed) {
        0 => {
            let form = detect();
            FORM.store(form as u8 + 1, Ordering::Relaxed);
            form
        }
        1 => Form::Plain,
        2 => Form::Avx2,
        _ => Form::Avx2Pext,
    }
}

/// Asks the processor.
#[cfg(target_arch = "x86_64")]
fn detect() -> Form {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: every x86-64 processor has `cpuid` with leaves 0 and 1; leaf
    // 7 is asked only when leaf 0 says it exists. (`__cpuid` is an unsafe
    // function in the older Rust releases this crate supports, from 1.85,
    // and a safe one in recent releases.)
    #[allow(unused_unsafe)]
    let (vendor, one) = unsafe { (__cpuid(0), __cpuid(1)) };
    // Leaf 1, ecx: popcnt (bit 23), OSXSAVE (27, `xgetbv` usable), AVX (28).
    let bit = |x: u32, b: u32| x >> b & 1 == 1;
    if vendor.eax < 7 || !bit(one.ecx, 23) || !bit(one.ecx, 27) || !bit(one.ecx, 28) {
        return Form::Plain;
    }
    // SAFETY: OSXSAVE is set, so `xgetbv` runs; XCR0 bits 1 and 2: the
    // operating system saves the SSE and AVX registers.
    let xcr0 = unsafe { std::arch::x86_64::_xgetbv(0) };
    #[allow(unused_unsafe)]
    let seven = unsafe { __cpuid_count(7, 0) };
    // Leaf 7, ebx: BMI1 (bit 3), AVX2 (5), BMI2 (8).
    if xcr0 & 6 != 6 || !bit(seven.ebx, 3) || !bit(seven.ebx, 5) || !bit(seven.ebx, 8) {
        return Form::Plain;
    }
    if fast_pext(vendor, one.eax) {
        Form::Avx2Pext
    } else {
        Form::Avx2
    }
}

/// Whether `pext` is one fast instruction on this processor (`vendor`:
/// cpuid leaf 0; `signature`: leaf 1's eax): it is on Intel's (from
/// Haswell, the first with BMI2) and on AMD's from Zen 3 (family 19h) on,
/// while the earlier ones with BMI2 (AMD families 15h–18h, Excavator to
/// Zen 2, and Hygon's) run it as microcode, tens of cycles (Agner Fog,
/// "Instruction tables"): slower than the table loads it replaces.
#[cfg(target_arch = "x86_64")]
fn fast_pext(vendor: std::arch::x86_64::CpuidResult, signature: u32) -> bool {
    // "GenuineIntel", in the order ebx, edx, ecx.
    let intel = (vendor.ebx, vendor.edx, vendor.ecx) == (0x756e_6547, 0x4965_6e69, 0x6c65_746e);
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    intel || family >= 0x19
}
