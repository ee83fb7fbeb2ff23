//! Development harness: prints the diagnostics of the given files.
fn main() {
    for arg in std::env::args().skip(1) {
        let report = tavli::matchfile::validate_path(std::path::Path::new(&arg));
        for d in &report.diagnostics {
            println!("{d}");
        }
        println!("{}", report.summary());
    }
}
