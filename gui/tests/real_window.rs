//! The real app in a real X window, on a bare desktop as a new user has
//! one: Xvfb, no window manager, no XDG desktop portal, no zenity. Play a
//! move, Ctrl+S, type a name in the app's own file dialog, Enter, Ctrl+Q;
//! then open the file from the command line: the game is there. And
//! `kill -9` in the middle of a timed game with comments: after a restart
//! the game, its comments and its clocks are back.
//!
//! Needs `Xvfb` and `xdotool` (`apt-get install xvfb xdotool`); without
//! them the test says so and passes, unless `CHESS_REQUIRE_XVFB` is set
//! (as CI sets it, having installed them). `CHESS_GUI_BIN` names the
//! binary to drive (CI: the release build `cargo run --release` runs);
//! without it, the test build's own.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Ends the process when dropped (a failed test leaves nothing running):
/// asked to end first (an X server then removes its lock file and socket,
/// which a later server of the same number would otherwise trip on),
/// killed if it does not.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        if let Ok(Some(_)) = self.0.try_wait() {
            return;
        }
        let asked = Command::new("kill")
            .arg(self.0.id().to_string())
            .stderr(Stdio::null())
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while asked.is_ok() && Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts Xvfb on a display number it finds free itself (`-displayfd`),
/// and returns it with its display name. `-noreset`: by default the
/// server resets when its last client leaves, and an app started again
/// during that reset cannot connect.
fn xvfb() -> (Killed, String) {
    let mut server = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x900x24",
            "-nolisten",
            "tcp",
            "-noreset",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // It writes the number once it accepts connections.
    let mut number = String::new();
    let mut stdout = server.stdout.take().unwrap();
    let mut byte = [0u8; 1];
    while std::io::Read::read(&mut stdout, &mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        number.push(byte[0] as char);
    }
    assert!(!number.trim().is_empty(), "Xvfb did not start");
    (Killed(server), format!(":{}", number.trim()))
}

fn installed(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Waits until `done` or `seconds`, failing with `what`.
fn wait_for(what: &str, seconds: u64, done: impl FnMut() -> bool) {
    assert!(poll(seconds, done), "timed out waiting for {what}");
}

/// Asks `done` every 200 ms for at most `seconds`; whether it said yes.
fn poll(seconds: u64, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while !done() {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    true
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Starts the app on `display` in `dir` (its own HOME: no memory of other
/// runs, no portal, no zenity on its PATH).
fn app(display: &str, dir: &Path, args: &[&str]) -> Killed {
    // The binary CI built with --release (CHESS_GUI_BIN), else this build's.
    let binary = std::env::var_os("CHESS_GUI_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_chess-gui").into());
    let child = Command::new(binary)
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("DISPLAY", display)
        .env("HOME", dir)
        .env("XDG_RUNTIME_DIR", dir)
        .env("PATH", "/usr/bin:/bin")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    Killed(child)
}

/// Skips the test (saying so) where Xvfb or xdotool is missing, unless
/// CI requires them.
fn have_tools() -> bool {
    if installed("Xvfb") && installed("xdotool") {
        return true;
    }
    assert!(
        std::env::var_os("CHESS_REQUIRE_XVFB").is_none(),
        "Xvfb and xdotool are needed (apt-get install xvfb xdotool)"
    );
    eprintln!("skipped: Xvfb or xdotool is not installed (apt-get install xvfb xdotool)");
    false
}

/// Clicks at (`x`, `y`) of the window `win` (points from its top left).
fn click_at(display: &str, win: &str, x: i32, y: i32) {
    let geometry = xdotool(display, &["getwindowgeometry", "--shell", win]);
    let value = |key: &str| -> i32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    };
    let (x, y) = ((value("X") + x).to_string(), (value("Y") + y).to_string());
    xdotool(display, &["mousemove", &x, &y]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(display, &["click", "1"]);
    std::thread::sleep(Duration::from_millis(500));
}

/// Where square `name` is drawn in the 1000x720 window, White at the
/// bottom: 76-point squares, a1's centre at (84, 626).
fn square_at(name: &str) -> (i32, i32) {
    let bytes = name.as_bytes();
    let file = i32::from(bytes[0] - b'a');
    let rank = i32::from(bytes[1] - b'1');
    (84 + 76 * file, 626 - 76 * rank)
}

/// The autosave records in `state` (the app's state folder) that hold
/// `text`.
fn records_with(state: &Path, text: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(state)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(text)))
        .collect()
}

#[test]
fn after_kill_9_the_timed_game_and_its_comments_come_back() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (_xvfb, display) = xvfb();
    // A timed game (5+3) with comments, Black to move, saved in the app's
    // format: White has 4:50 left, Black 4:40.
    let mut game = chess_core::Game::new();
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san).unwrap();
    }
    let node = game.cursor();
    game.set_comment(node, "the knight attacks e5");
    game.tags.set("Event", "Club night");
    let period = chess_file::PeriodRecord {
        moves: None,
        time_ms: 300_000,
        bonus: chess_file::BonusRecord::Increment(3_000),
    };
    let app_state = chess_file::AppState {
        clock: Some(chess_file::ClockRecord {
            controls: chess_core::ByColor::new(vec![period], vec![period]),
            left_ms: chess_core::ByColor::new(290_000, 280_000),
            periods: chess_core::ByColor::new((0, 2), (0, 1)),
        }),
        ..chess_file::AppState::default()
    };
    let timed = dir.path().join("timed.ron");
    chess_file::save(&timed, &game, &app_state).unwrap();

    let mut first = app(&display, dir.path(), &[timed.to_str().unwrap()]);
    let win = window(&display, "timed.ron");
    std::thread::sleep(Duration::from_secs(3));
    // Black plays Nc6: the game changes, its record is written at once.
    let (x, y) = square_at("b8");
    click_at(&display, &win, x, y);
    let (x, y) = square_at("c6");
    click_at(&display, &win, x, y);
    let state = dir.path().join(".local/state/chess-toolkit");
    wait_for("the move in the autosave", 30, || {
        !records_with(&state, "Nc6").is_empty()
    });
    // The app dies without a word.
    Command::new("kill")
        .args(["-9", &first.0.id().to_string()])
        .status()
        .unwrap();
    wait_for("the app to die", 30, || first.0.try_wait().unwrap().is_some());

    let _second = app(&display, dir.path(), &[]);
    // Back: the file's name, its unsaved mark; the new app keeps the game
    // in its own record, which holds the move, the comment and the clock.
    let win = window(&display, "timed.ron");
    assert_eq!(
        xdotool(&display, &["getwindowname", &win]).trim(),
        "timed.ron • — Chess"
    );
    wait_for("the restored game in the new record", 30, || {
        records_with(&state, "the knight attacks e5")
            .iter()
            .any(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("Nc6") && t.contains("left_ms")))
    });
    let records = records_with(&state, "Nc6");
    assert_eq!(records.len(), 1, "the dead app's record was taken: {records:?}");
    let text = std::fs::read_to_string(&records[0]).unwrap();
    assert!(text.contains("Club night"), "{text}");
    // The clocks: White's 4:50 less at most the second the autosave may
    // lose (the restored clock waits for the player), Black's 4:40 less
    // what Nc6 took, plus the 3 s increment.
    let left: Vec<u64> = text
        .split("left_ms: (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .map(|pair| pair.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_default();
    assert_eq!(left.len(), 2, "{text}");
    assert!((289_000..=290_000).contains(&left[0]), "White {left:?}");
    assert!((270_000..283_000).contains(&left[1]), "Black {left:?}");
}

/// The app's window whose title contains `title`, once it is there.
fn window(display: &str, title: &str) -> String {
    let mut id = String::new();
    let found = poll(90, || {
        id = xdotool(display, &["search", "--name", title])
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        !id.is_empty()
    });
    if !found {
        // Say what is there instead.
        let names: Vec<String> = xdotool(display, &["search", "--name", "."])
            .lines()
            .map(|w| xdotool(display, &["getwindowname", w]).trim().to_string())
            .collect();
        panic!("timed out waiting for a window named {title:?}; the windows: {names:?}");
    }
    id
}

#[test]
fn save_by_keyboard_on_a_bare_desktop_and_open_it_again() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (_xvfb, display) = xvfb();

    let mut first = app(&display, dir.path(), &[]);
    let win = window(&display, "Chess");
    // The window's top left, to click squares by where they are drawn.
    let geometry = xdotool(&display, &["getwindowgeometry", "--shell", &win]);
    let value = |key: &str| -> i32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    };
    let (x0, y0) = (value("X"), value("Y"));
    // Squares are 76 points in the 1000x720 window: e2 and e4.
    let click = |x: i32, y: i32| {
        let (x, y) = ((x0 + x).to_string(), (y0 + y).to_string());
        xdotool(&display, &["mousemove", &x, &y]);
        std::thread::sleep(Duration::from_millis(300));
        xdotool(&display, &["click", "1"]);
        std::thread::sleep(Duration::from_millis(500));
    };
    // Give the first frames time to be drawn.
    std::thread::sleep(Duration::from_secs(3));
    click(388, 550);
    click(388, 398);
    // The title marks unsaved changes (xdotool searches titles in ASCII
    // only: the title is read whole).
    wait_for("the move to be played", 30, || {
        xdotool(&display, &["getwindowname", &win]).contains("Untitled •")
    });
    // No window manager gives the window the keyboard: give it.
    xdotool(&display, &["windowfocus", "--sync", &win]);
    xdotool(&display, &["key", "ctrl+s"]);
    std::thread::sleep(Duration::from_secs(2));
    // The app's own dialog: its name field has the focus, the name it
    // offers selected up to the extension; typing replaces it.
    xdotool(&display, &["type", "--delay", "50", "mygame"]);
    xdotool(&display, &["key", "Return"]);
    let saved = dir.path().join("mygame.ron");
    wait_for("mygame.ron", 30, || saved.exists());
    window(&display, "mygame.ron");
    xdotool(&display, &["windowfocus", "--sync", &win]);
    xdotool(&display, &["key", "ctrl+q"]);
    wait_for("the app to quit", 30, || first.0.try_wait().unwrap().is_some());

    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("e4"), "{text}");
    let _second = app(&display, dir.path(), &[saved.to_str().unwrap()]);
    // Opened: its name in the title, not "Untitled", and nothing unsaved.
    let win = window(&display, "mygame.ron");
    assert_eq!(xdotool(&display, &["getwindowname", &win]).trim(), "mygame.ron — Chess");
}
