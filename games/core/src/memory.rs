//! Memory advice for the large tables searches read at random (the
//! alpha-beta and solver tables in `ai`, endgame tables in the games).

/// Asks the kernel to back the `bytes` at `start` with huge pages (2 MB on
/// x86-64 Linux) where it can. A table of many megabytes read at random
/// with 4 KB pages misses the address-translation cache on nearly every
/// read and walks the page tables; with huge pages the whole table needs a
/// few hundred translations. Only advice: if the kernel declines, or on
/// other systems, nothing changes but speed. Memory not yet touched (a
/// fresh zeroed or reserved block) is mapped after this, with the advice.
pub fn advise_huge_pages<T>(start: *const T, bytes: usize) {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const HUGE_PAGE: usize = 2 << 20;
        const MADV_HUGEPAGE: i32 = 14;
        #[allow(unsafe_code)]
        unsafe extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, length: usize, advice: i32) -> i32;
        }
        let start = start as usize;
        // Only whole huge pages inside the range.
        let first = start.next_multiple_of(HUGE_PAGE);
        let last = start.saturating_add(bytes) / HUGE_PAGE * HUGE_PAGE;
        if last > first {
            // SAFETY: MADV_HUGEPAGE changes no contents, only how pages
            // are mapped, so it cannot break any memory, ours or not; a
            // range that is not mapped just makes the call fail. The
            // result is ignored on purpose: the advice is optional.
            #[allow(unsafe_code)]
            let _ = unsafe { madvise(first as *mut std::ffi::c_void, last - first, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    let _ = (start, bytes);
}

/// Starts loading the cache line holding `value`: only a hint, which
/// changes nothing the program can observe. A probe of a large table is a
/// random access into many megabytes and would otherwise stall for the
/// whole trip to memory; requested early (while a node's other children
/// are worked out), most of that wait is hidden.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` only hints the cache; it never faults, even
    // on a bad address, and here the address is a live reference. SSE is
    // part of every x86-64 processor.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// `len` atomic words, all zero, as the system hands out zeroed memory:
/// lazily, so a large table costs only the pages that are touched (a
/// table built word by word would touch, and so pay for, every page at
/// once).
pub fn zeroed_words(len: usize) -> Box<[std::sync::atomic::AtomicU64]> {
    zeroed(len)
}

/// `len` atomic bytes, all zero, mapped lazily as [`zeroed_words`].
pub fn zeroed_bytes(len: usize) -> Box<[std::sync::atomic::AtomicU8]> {
    zeroed(len)
}

/// An atomic integer type, whose all-zero bytes are the value 0.
trait ZeroIsValid {}
impl ZeroIsValid for std::sync::atomic::AtomicU64 {}
impl ZeroIsValid for std::sync::atomic::AtomicU8 {}

fn zeroed<T: ZeroIsValid>(len: usize) -> Box<[T]> {
    if len == 0 {
        return Box::new([]);
    }
    let layout = std::alloc::Layout::array::<T>(len).expect("a table that fits the address space");
    // SAFETY: the layout is not empty (len > 0, and no atomic is zero-sized); all
    // zero bytes are a valid `T` (an atomic integer 0, `ZeroIsValid`), so
    // the zeroed block is `len` valid values; the box frees it with
    // `Layout::for_value` of a `[T]` of `len`, the layout it was
    // allocated with.
    #[allow(unsafe_code)]
    unsafe {
        let start = std::alloc::alloc_zeroed(layout).cast::<T>();
        if start.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(start, len))
    }
}
