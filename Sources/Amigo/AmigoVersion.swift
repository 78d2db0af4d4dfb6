/// The release of Amigo and amigo-shell, in one place: `amigo-shell --version` prints it, the
/// changelog's newest heading names it, and releases are tagged `v` + this (semantic versioning).
public enum AmigoVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.3.0"
}
