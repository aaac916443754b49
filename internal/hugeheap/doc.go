// Package hugeheap asks Linux, as an arbiter process starts, to back the
// first part of the Go heap with transparent huge pages.
//
// arbiter is a command-line tool: most of its processes (validate of a
// file, every built-in engine a tournament starts, the tournament's worker)
// live for milliseconds to seconds, and a good part of their start is
// spent taking page faults on the fresh heap, one per 4 kB page, while the
// runtime and the packages' initialisation allocate. On virtual machines
// that shadow the guest's page tables a fault costs tens of microseconds,
// and those faults are most of a small command's CPU. A huge page maps
// 2 MB with one fault.
//
// Its init, which depends on nothing but syscall and so runs among the
// first packages' inits, marks the 4 MB chunk of the heap that holds the
// heap's first allocations for huge pages (madvise MADV_HUGEPAGE, which
// the kernel honours in its "madvise" and "always" THP modes) and collapses
// the 2 MB of it already in use into one huge page (MADV_COLLAPSE, Linux
// 6.1 and later), so that the rest of the start allocates there without
// faults. The cost is bounded: at most those 4 MB of a process's memory are
// ever in huge pages, and memory the heap grows into later is mapped as
// the runtime maps it. Either call failing (an older kernel, THP "never",
// no free huge page) leaves the process as it would have been.
//
// GODEBUG=disablethp=1, the Go runtime's own switch for huge pages on the
// heap, turns it off. Elsewhere than Linux the package does nothing.
// cmd/arbiter imports it for this alone.
package hugeheap
