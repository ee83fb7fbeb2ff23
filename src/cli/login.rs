//! The login name gnubg gives player 1: the password-database name of the user running tavli.

use std::os::unix::fs::MetadataExt;

/// The user name of the process's user, found as gnubg finds it (the password database, not
/// the environment); falls back to `$USER`, then to `user`.
#[must_use]
pub fn login_name() -> String {
    password_database_name()
        .or_else(|| std::env::var("USER").ok().filter(|name| !name.is_empty()))
        .unwrap_or_else(|| "user".to_string())
}

fn password_database_name() -> Option<String> {
    let uid = std::fs::metadata("/proc/self").ok()?.uid();
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let mut fields = line.split(':');
        let name = fields.next()?;
        let _password = fields.next()?;
        let entry_uid: u32 = fields.next()?.parse().ok()?;
        (entry_uid == uid && !name.is_empty()).then(|| name.to_string())
    })
}
