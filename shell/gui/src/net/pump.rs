//! Work a web page's frame loop does for the network, in place of the
//! desktop's threads: each task is called once a frame (`app::run` calls
//! [`run_all`]) until it says it is done.

use std::cell::RefCell;

/// A task: called each frame; false once it is done (it is then dropped).
type Task = Box<dyn FnMut() -> bool>;

thread_local! {
    static TASKS: RefCell<Vec<Task>> = const { RefCell::new(Vec::new()) };
}

/// Adds a task, first called at the next frame.
pub fn spawn(task: impl FnMut() -> bool + 'static) {
    TASKS.with(|tasks| tasks.borrow_mut().push(Box::new(task)));
}

/// Calls every task once, dropping those that are done. A task may spawn
/// others; they run from the next frame.
pub fn run_all() {
    let mut running = TASKS.with(|tasks| std::mem::take(&mut *tasks.borrow_mut()));
    running.retain_mut(|task| task());
    TASKS.with(|tasks| {
        let mut tasks = tasks.borrow_mut();
        let spawned = std::mem::take(&mut *tasks);
        *tasks = running;
        tasks.extend(spawned);
    });
}
