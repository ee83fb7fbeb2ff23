//! The wire protocols through which other programs use tavli's judge: gnubg's external-player
//! socket ([`external`]) and UBGI on standard input and output ([`ubgi`]). They read requests,
//! ask [`crate::engine::judge::Judge`] and word its answers; the core never imports them.

pub mod external;
pub mod ubgi;
