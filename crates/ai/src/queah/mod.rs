//! Queah solved by retrograde analysis (to be written).
