//! Writing the games a list shows to a new PGN file, in the background,
//! with progress and a way to stop; the file appears whole or not at all.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use super::GameList;

/// Games being written to a new PGN file.
#[derive(Debug)]
pub struct Export {
    /// The file written.
    pub path: PathBuf,
    /// Games written so far.
    pub done: Arc<AtomicU64>,
    /// Games to write.
    pub total: u64,
    /// Set to stop it (the file is then not made).
    pub cancel: Arc<std::sync::atomic::AtomicBool>,
    /// The games written, or why not, when it ends.
    result: mpsc::Receiver<Result<u64, String>>,
}

impl GameList {
    /// Starts writing the games shown (in the file's order) to a new PGN
    /// file at `path`, in the background; [`GameList::poll`] follows it.
    /// The file appears whole when done (written beside it, then renamed).
    pub fn start_export(&mut self, path: &Path) -> Result<(), String> {
        let mut spans: Vec<(u64, u64)> = (0..self.rows())
            .filter_map(|i| self.entry_index(i))
            .map(|index| {
                let end = self.entries.get(index + 1).map_or(u64::MAX, |next| next.offset);
                (self.entries[index].offset, end)
            })
            .collect();
        spans.sort_unstable();
        spans.dedup();
        let (send, result) = mpsc::channel();
        let export = Export {
            path: path.to_path_buf(),
            done: Arc::default(),
            total: spans.len() as u64,
            cancel: Arc::default(),
            result,
        };
        let (done, cancel) = (export.done.clone(), export.cancel.clone());
        let (from, to) = (self.path.clone(), path.to_path_buf());
        std::thread::Builder::new()
            .name("export".into())
            .spawn(move || {
                let _ = send.send(export_spans(&from, &to, &spans, &done, &cancel));
            })
            .map_err(|e| format!("cannot start the export: {e}"))?;
        self.exported = None;
        self.export = Some(export);
        Ok(())
    }

    /// Takes the export's end, if it ended. Returns whether it goes on.
    pub(super) fn poll_export(&mut self) -> bool {
        let Some(export) = &self.export else { return false };
        let name = export
            .path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        match export.result.try_recv() {
            Ok(Ok(games)) => {
                let plural = if games == 1 { "" } else { "s" };
                self.exported = Some(Ok(format!("Exported {games} game{plural} to {name}")));
            }
            Ok(Err(e)) => self.exported = Some(Err(e)),
            Err(mpsc::TryRecvError::Empty) => return true,
            Err(mpsc::TryRecvError::Disconnected) => {
                self.exported = Some(Err(format!("the export to {name} stopped")));
            }
        }
        self.export = None;
        false
    }
}

/// Copies the text spans `spans` (start, end) of the file `from` to a new
/// file `to`, counting them in `done`; stops when `cancel` is set.
fn export_spans(
    from: &Path,
    to: &Path,
    spans: &[(u64, u64)],
    done: &AtomicU64,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<u64, String> {
    use std::io::Write;
    let save = chess_file::write_atomic_with(to, |out| {
        let mut out = std::io::BufWriter::new(out);
        let whole = chess_db::source::copy_spans(from, spans, &mut out, |i| {
            done.store(i as u64 + 1, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        })?;
        if !whole {
            return Err(std::io::Error::other("cancelled"));
        }
        // Games end with a blank line, also the file's last.
        if spans.last().is_some_and(|&(_, end)| end == u64::MAX) {
            out.write_all(b"\n")?;
        }
        out.flush()
    });
    save.map_err(|e| match e.kind() {
        std::io::ErrorKind::Other if cancel.load(Ordering::Relaxed) => "the export was cancelled".to_string(),
        _ => format!("cannot write {}: {e}", to.display()),
    })?;
    Ok(spans.len() as u64)
}
