//! Letting a connection in: the limits on connections in all and from one
//! address, counted for as long as the connection lasts.

use super::{Shared, lock};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// A connection let in: it counts towards the limits until dropped.
pub(super) struct Admission {
    shared: Arc<Shared>,
    address: IpAddr,
}

impl Admission {
    /// Lets a connection from `address` in, or says in words which limit
    /// it is over.
    pub(super) fn take(shared: &Arc<Shared>, address: IpAddr) -> Result<Admission, &'static str> {
        let counters = &shared.counters;
        if counters.open_connections.load(Ordering::Relaxed) as usize >= shared.config.max_connections {
            return Err("the server is full; try again later");
        }
        {
            let mut open = lock(&shared.per_address);
            let count = open.entry(address).or_insert(0);
            if *count >= shared.config.max_per_address {
                return Err("too many connections from your address; close some and try again");
            }
            *count += 1;
        }
        // Only the accepting task adds, so the total cannot pass the limit.
        counters.open_connections.fetch_add(1, Ordering::Relaxed);
        Ok(Admission { shared: Arc::clone(shared), address })
    }

    /// The client's address.
    pub(super) fn address(&self) -> IpAddr {
        self.address
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        self.shared.counters.open_connections.fetch_sub(1, Ordering::Relaxed);
        let mut open = lock(&self.shared.per_address);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}
