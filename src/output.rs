//! Writing outputs without destroying what hlo-opt did not make.
//!
//! Every file or folder the tool writes goes through this module:
//!
//! * [`OutputFile`]: one file (`-o`, a report, a `.npz`/`.safetensors`).
//!   A regular file (or none) is replaced atomically: the new content goes to
//!   a temporary file beside it, is flushed to disk (`fsync`), takes the old
//!   file's permissions, and is renamed over it. A symbolic link is followed:
//!   the file it points to is replaced and the link stays a link. Anything
//!   that is not a regular file (`/dev/null`, a FIFO, a terminal) is written
//!   in place, never replaced. If the target changed while hlo-opt worked
//!   (another run wrote it), nothing is written and the run fails.
//! * [`OutputDir`]: a folder of files (`weights convert --to DIR`). A new
//!   folder is made whole and renamed into place; an existing empty folder is
//!   filled; a folder with anything in it is refused unless `force`, and then
//!   only the files hlo-opt writes are replaced, each atomically.
//!
//!   Files are flushed to disk (`fsync`) before being moved into place only
//!   when they may replace files of an earlier run (`force` into a folder
//!   with files); a new or empty folder replaces nothing, so its files are
//!   left to the kernel's write-back, as numpy and cp leave theirs.
//!
//! Temporary files and folders are registered while they exist, and removed
//! if the process is interrupted (SIGINT, SIGTERM, SIGHUP; see
//! [`install_signal_cleanup`]).

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::SystemTime;

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The operating system refused.
    #[error("{path}: cannot write output: {err}")]
    Io {
        /// The output.
        path: String,
        /// The operating system's error.
        err: io::Error,
    },
    /// The folder exists and holds files hlo-opt did not write.
    #[error(
        "{path}: folder is not empty ({entries} entries); give a new or empty folder, \
         or --force to replace only the files hlo-opt writes there"
    )]
    NotEmpty {
        /// The folder.
        path: String,
        /// How many entries it holds.
        entries: usize,
    },
    /// The path exists and is of the wrong kind.
    #[error("{path}: {what}")]
    WrongKind {
        /// The path.
        path: String,
        /// What it is and what was expected.
        what: String,
    },
    /// Someone else wrote the target while hlo-opt was working.
    #[error(
        "{path}: changed while hlo-opt was running (another writer?); \
         left it as it is and wrote nothing"
    )]
    Changed {
        /// The target.
        path: String,
    },
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> OutputError + '_ {
    move |err| OutputError::Io {
        path: path.display().to_string(),
        err,
    }
}

// ------------------------------------------------------------ temporaries --

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static SIGNALS: Once = Once::new();
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Removes registered temporaries and exits when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), with 130 as a shell would report SIGINT.
/// Idempotent; the command line calls it once at start.
///
/// The handler runs on its own thread while the work goes on. It holds the
/// list of temporaries until the process exits, so no new temporary can be
/// registered after it started, and it removes the listed paths until none
/// is left (the working thread may create a registered file, or a file in a
/// registered folder, while it removes). A working thread that fails because
/// its temporaries vanished must not report that failure: see
/// [`interrupted`] and [`wait_for_interrupt_exit`].
pub fn install_signal_cleanup() {
    SIGNALS.call_once(|| {
        // If a handler cannot be installed (one exists already), temporaries
        // are still removed on every ordinary exit path.
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            let list = match TEMPS.lock() {
                Ok(list) => list,
                Err(poisoned) => poisoned.into_inner(),
            };
            remove_until_gone(&list);
            std::process::exit(130);
        });
    });
}

/// Whether an interrupt signal arrived and the process is about to exit 130.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Blocks the calling thread for good when the process was interrupted (the
/// signal handler is removing temporaries and will exit with 130); returns
/// at once otherwise. Exit paths call it so that an error caused by the
/// cleanup is neither printed nor turned into another exit code.
pub fn wait_for_interrupt_exit() {
    if interrupted() {
        loop {
            std::thread::park();
        }
    }
}

/// Removes `paths` again and again, a few milliseconds apart, until a round
/// finds none of them (at most half a second).
fn remove_until_gone(paths: &[PathBuf]) {
    for _ in 0..50 {
        let mut present = false;
        for p in paths {
            if fs::symlink_metadata(p).is_ok() {
                present = true;
                remove_path(p);
            }
        }
        if !present {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn remove_path(p: &Path) {
    match fs::symlink_metadata(p) {
        Ok(m) if m.is_dir() => {
            let _ = fs::remove_dir_all(p);
        }
        Ok(_) => {
            let _ = fs::remove_file(p);
        }
        Err(_) => {}
    }
}

/// A temporary file or folder that is removed when dropped (unless kept) and
/// when the process is interrupted.
#[derive(Debug)]
pub struct TempPath {
    path: PathBuf,
    armed: bool,
}

impl TempPath {
    /// Registers `path` (which the caller is about to create).
    pub fn register(path: PathBuf) -> TempPath {
        if let Ok(mut list) = TEMPS.lock() {
            list.push(path.clone());
        }
        TempPath { path, armed: true }
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Forgets the path: it was renamed into place and is no longer temporary.
    pub fn keep(mut self) {
        self.unregister();
        self.armed = false;
    }

    fn unregister(&self) {
        if let Ok(mut list) = TEMPS.lock() {
            if let Some(i) = list.iter().rposition(|p| p == &self.path) {
                list.swap_remove(i);
            }
        }
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        if self.armed {
            self.unregister();
            remove_path(&self.path);
        }
    }
}

/// A fresh temporary folder (in the system's temp dir) that is removed when
/// dropped and when the process is interrupted.
pub fn temp_dir() -> io::Result<TempDir> {
    let dir = tempfile::Builder::new().prefix("hlo-opt-").tempdir()?;
    let guard = TempPath::register(dir.path().to_path_buf());
    Ok(TempDir { dir, _guard: guard })
}

/// See [`temp_dir`].
#[derive(Debug)]
pub struct TempDir {
    dir: tempfile::TempDir,
    _guard: TempPath,
}

impl TempDir {
    /// The folder.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

fn temp_name(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.hlo-opt-{}.tmp", std::process::id()))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into())
}

fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

// ------------------------------------------------------------------ files --

/// What a target was when the run began, to notice another writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Stamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}

#[derive(Debug)]
enum Target {
    /// Nothing there yet.
    New,
    /// A regular file, replaced atomically keeping its permissions.
    Regular(fs::Permissions, Stamp),
    /// A device, FIFO or socket: written in place.
    Special,
}

/// A file hlo-opt will write, checked before the work that makes it (see the
/// module doc for what happens to what is already there).
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    resolved: PathBuf,
    target: Target,
}

/// How many symbolic links are followed before giving up.
const MAX_LINKS: usize = 40;

impl OutputFile {
    /// Looks at `path` now: follows symbolic links, refuses a folder, and
    /// remembers the file that is there so a concurrent writer is noticed.
    pub fn prepare(path: &Path) -> Result<OutputFile, OutputError> {
        let mut resolved = path.to_path_buf();
        for _ in 0..MAX_LINKS {
            let meta = match fs::symlink_metadata(&resolved) {
                Ok(m) => m,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Ok(OutputFile {
                        path: path.to_path_buf(),
                        resolved,
                        target: Target::New,
                    })
                }
                Err(e) => return Err(io_error(path)(e)),
            };
            let kind = meta.file_type();
            if kind.is_symlink() {
                let link = fs::read_link(&resolved).map_err(io_error(path))?;
                resolved = parent_of(&resolved).join(link);
                continue;
            }
            let target = if kind.is_dir() {
                return Err(OutputError::WrongKind {
                    path: path.display().to_string(),
                    what: "is a folder; expected a file to write".into(),
                });
            } else if kind.is_file() {
                Target::Regular(meta.permissions(), Stamp::of(&meta))
            } else {
                Target::Special
            };
            return Ok(OutputFile {
                path: path.to_path_buf(),
                resolved,
                target,
            });
        }
        Err(OutputError::WrongKind {
            path: path.display().to_string(),
            what: format!("more than {MAX_LINKS} symbolic links to follow"),
        })
    }

    /// The path as the user gave it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes through `write`, which gets the open file.
    pub fn write(&self, write: impl FnOnce(&File) -> io::Result<()>) -> Result<(), OutputError> {
        if let Target::Special = self.target {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(&self.resolved)
                .map_err(io_error(&self.path))?;
            return write(&file).map_err(io_error(&self.path));
        }
        self.write_path(|tmp| {
            let file = File::create(tmp)?;
            write(&file)?;
            file.sync_all()
        })
    }

    /// Writes through `write`, which gets a path to create (for libraries
    /// that write files themselves). For a special file that path is the
    /// file itself.
    pub fn write_path(
        &self,
        write: impl FnOnce(&Path) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        let err = io_error(&self.path);
        if let Target::Special = self.target {
            return write(&self.resolved).map_err(err);
        }
        let tmp = TempPath::register(temp_name(
            &parent_of(&self.resolved),
            &file_name(&self.resolved),
        ));
        write(tmp.path()).map_err(&err)?;
        if let Target::Regular(perms, _) = &self.target {
            fs::set_permissions(tmp.path(), perms.clone()).map_err(&err)?;
        }
        File::open(tmp.path())
            .and_then(|f| f.sync_all())
            .map_err(&err)?;
        self.check_unchanged()?;
        fs::rename(tmp.path(), &self.resolved).map_err(&err)?;
        tmp.keep();
        sync_dir(&parent_of(&self.resolved));
        Ok(())
    }

    /// Fails when the target is not what it was at [`OutputFile::prepare`].
    fn check_unchanged(&self) -> Result<(), OutputError> {
        let now = fs::metadata(&self.resolved).ok().map(|m| Stamp::of(&m));
        let before = match &self.target {
            Target::Regular(_, stamp) => Some(*stamp),
            _ => None,
        };
        if now == before {
            Ok(())
        } else {
            Err(OutputError::Changed {
                path: self.path.display().to_string(),
            })
        }
    }
}

/// Makes a rename durable; failures only cost durability, so they are ignored.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

// ---------------------------------------------------------------- folders --

/// A folder of files hlo-opt will write (see the module doc).
#[derive(Debug)]
pub struct OutputDir {
    path: PathBuf,
    exists: bool,
    /// Whether files are flushed to disk before they are moved into place:
    /// only when they may replace files of an earlier run (`--force` into a
    /// folder with files), where a crash between rename and write-back
    /// could otherwise leave neither the old file nor the new one.
    durable: bool,
}

impl OutputDir {
    /// Checks `path` now: a new folder, an empty one, or (with `force`) a
    /// folder whose files hlo-opt may replace one by one.
    pub fn prepare(path: &Path, force: bool) -> Result<OutputDir, OutputError> {
        match fs::metadata(path) {
            // A new folder replaces nothing: a crash can lose only what
            // this run wrote, so its files are not flushed one by one
            // (numpy, cp and safetensors do not flush either).
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(OutputDir {
                path: path.to_path_buf(),
                exists: false,
                durable: false,
            }),
            Err(e) => Err(io_error(path)(e)),
            Ok(m) if !m.is_dir() => Err(OutputError::WrongKind {
                path: path.display().to_string(),
                what: "exists and is not a folder; give a folder, or a .npz or .safetensors file"
                    .into(),
            }),
            Ok(_) => {
                let entries = fs::read_dir(path).map_err(io_error(path))?.count();
                if entries > 0 && !force {
                    return Err(OutputError::NotEmpty {
                        path: path.display().to_string(),
                        entries,
                    });
                }
                Ok(OutputDir {
                    path: path.to_path_buf(),
                    exists: true,
                    // Only files that may replace others are flushed first.
                    durable: entries > 0,
                })
            }
        }
    }

    /// A new folder inside hlo-opt's own work folder ([`temp_dir`]), which
    /// is removed at the end: written like any output, but not flushed to
    /// disk (nothing outlives the run). `path` must not exist yet.
    pub fn scratch(path: &Path) -> Result<OutputDir, OutputError> {
        if path.exists() {
            return Err(OutputError::WrongKind {
                path: path.display().to_string(),
                what: "a scratch folder that already exists".into(),
            });
        }
        Ok(OutputDir {
            path: path.to_path_buf(),
            exists: false,
            durable: false,
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the files `write` makes in the staging folder it is given (it
    /// returns their names), then moves them into place. On failure nothing
    /// of this run is left.
    pub fn write(
        &self,
        write: impl FnOnce(&Path) -> io::Result<Vec<String>>,
    ) -> Result<(), OutputError> {
        let err = io_error(&self.path);
        let staging_parent = if self.exists {
            self.path.clone()
        } else {
            parent_of(&self.path)
        };
        let staging = TempPath::register(temp_name(&staging_parent, &file_name(&self.path)));
        fs::create_dir(staging.path()).map_err(&err)?;
        let names = write(staging.path()).map_err(&err)?;
        for name in names.iter().filter(|_| self.durable) {
            File::open(staging.path().join(name))
                .and_then(|f| f.sync_all())
                .map_err(&err)?;
        }
        if !self.exists {
            if self.path.exists() {
                return Err(OutputError::Changed {
                    path: self.path.display().to_string(),
                });
            }
            fs::rename(staging.path(), &self.path).map_err(&err)?;
            staging.keep();
            if self.durable {
                sync_dir(&parent_of(&self.path));
            }
            return Ok(());
        }
        for name in &names {
            fs::rename(staging.path().join(name), self.path.join(name)).map_err(&err)?;
        }
        sync_dir(&self.path);
        drop(staging);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_text(out: &OutputFile, text: &str) -> Result<(), OutputError> {
        out.write(|mut f| io::Write::write_all(&mut f, text.as_bytes()))
    }

    /// Files are flushed before they go into place only where they may
    /// replace an earlier run's files.
    #[test]
    fn only_folders_with_files_are_written_durably() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new");
        assert!(!OutputDir::prepare(&new, false).unwrap().durable);
        let empty = dir.path().join("empty");
        fs::create_dir(&empty).unwrap();
        assert!(!OutputDir::prepare(&empty, false).unwrap().durable);
        fs::write(empty.join("arg000.npy"), b"old").unwrap();
        assert!(OutputDir::prepare(&empty, true).unwrap().durable);
        assert!(
            !OutputDir::scratch(&dir.path().join("scratch"))
                .unwrap()
                .durable
        );
        assert!(OutputDir::scratch(&empty).is_err());
    }

    #[test]
    fn regular_file_is_replaced_keeping_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.mlir");
        fs::write(&p, "old").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o600)).unwrap();
        let out = OutputFile::prepare(&p).unwrap();
        write_text(&out, "new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o600
        );
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "no temp left");
    }

    #[test]
    fn symlink_stays_a_link_and_its_target_changes() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.mlir");
        let link = dir.path().join("link.mlir");
        fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("real.mlir", &link).unwrap();
        write_text(&OutputFile::prepare(&link).unwrap(), "new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_concurrent_writer_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.mlir");
        fs::write(&p, "v0").unwrap();
        let first = OutputFile::prepare(&p).unwrap();
        let second = OutputFile::prepare(&p).unwrap();
        write_text(&first, "first result").unwrap();
        let e = write_text(&second, "second result").unwrap_err();
        assert!(matches!(e, OutputError::Changed { .. }), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), "first result");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "no temp left");
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.mlir");
        fs::write(&p, "keep").unwrap();
        let out = OutputFile::prepare(&p).unwrap();
        let e = out.write(|_| Err(io::Error::other("boom")));
        assert!(e.is_err());
        assert_eq!(fs::read_to_string(&p).unwrap(), "keep");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn folder_as_file_output_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = OutputFile::prepare(dir.path()).unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
    }

    fn write_one(out: &OutputDir, name: &str, text: &str) -> Result<(), OutputError> {
        out.write(|staging| {
            fs::write(staging.join(name), text)?;
            Ok(vec![name.to_string()])
        })
    }

    #[test]
    fn non_empty_folder_is_refused_and_force_replaces_only_own_files() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("mine.txt"), "precious").unwrap();
        fs::write(dir.path().join("arg000.npy"), "old").unwrap();
        let e = OutputDir::prepare(dir.path(), false).unwrap_err();
        assert!(matches!(e, OutputError::NotEmpty { entries: 2, .. }), "{e}");
        let out = OutputDir::prepare(dir.path(), true).unwrap();
        write_one(&out, "arg000.npy", "new").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("mine.txt")).unwrap(),
            "precious"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("arg000.npy")).unwrap(),
            "new"
        );
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            2,
            "no staging left"
        );
    }

    #[test]
    fn new_and_empty_folders_are_filled() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new");
        write_one(&OutputDir::prepare(&new, false).unwrap(), "a.npy", "x").unwrap();
        assert_eq!(fs::read_to_string(new.join("a.npy")).unwrap(), "x");
        let empty = dir.path().join("empty");
        fs::create_dir(&empty).unwrap();
        write_one(&OutputDir::prepare(&empty, false).unwrap(), "b.npy", "y").unwrap();
        assert_eq!(fs::read_dir(&empty).unwrap().count(), 1);
    }

    #[test]
    fn failed_folder_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new");
        let out = OutputDir::prepare(&new, false).unwrap();
        assert!(out.write(|_| Err(io::Error::other("boom"))).is_err());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_file_is_not_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        fs::write(&p, "x").unwrap();
        assert!(OutputDir::prepare(&p, true).is_err());
    }
}
