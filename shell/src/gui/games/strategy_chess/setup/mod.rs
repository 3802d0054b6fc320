//! The setup screen: placing an army on the four home rows.
