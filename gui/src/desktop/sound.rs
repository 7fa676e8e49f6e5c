//! Playing the game's sounds ([`crate::model::sounds`]) on this desktop.
//!
//! The sounds are made here, a few thousand samples each (a wooden knock
//! for a move, a sharper double knock for a capture, a higher ring for a
//! check, two notes for the end, a beep for low time), and handed as WAV
//! to the desktop's own player program on a thread of its own: PipeWire's
//! `pw-play`, PulseAudio's `paplay` or ALSA's `aplay`, whichever is there.
//! Where none is, or there is no sound device (CI, Xvfb), nothing is heard
//! and nothing fails. (An audio crate would link ALSA at build time, and
//! the app builds with no system package.)

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, Sender};

use crate::model::sounds::Sound;

/// Samples a second.
const RATE: u32 = 22_050;

/// Plays sounds on a thread of its own.
#[derive(Debug)]
pub struct Player {
    send: Option<Sender<Sound>>,
}

impl Default for Player {
    fn default() -> Player {
        Player::start()
    }
}

impl Player {
    /// A player, with the desktop's program found now (none: silent).
    pub fn start() -> Player {
        let Some(program) = find_program() else {
            return Player { send: None };
        };
        let (send, receive): (Sender<Sound>, Receiver<Sound>) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new().name("sound".into()).spawn(move || {
            while let Ok(sound) = receive.recv() {
                play(&program, &wav(&samples(sound)));
            }
        });
        Player {
            send: spawned.ok().map(|_| send),
        }
    }

    /// Plays `sound` (or nothing, where nothing can play).
    pub fn play(&self, sound: Sound) {
        if let Some(send) = &self.send {
            let _ = send.send(sound);
        }
    }
}

/// The first player program on the `PATH`, with how it reads a WAV on its
/// standard input.
fn find_program() -> Option<(PathBuf, Vec<&'static str>)> {
    let paths = std::env::var_os("PATH")?;
    let find = |name: &str| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    };
    [("pw-play", vec!["-"]), ("paplay", vec![]), ("aplay", vec!["-q", "-"])]
        .into_iter()
        .find_map(|(name, args)| find(name).map(|p| (p, args)))
}

/// Hands `wav` to the program; its failure (no device, no server) is
/// silence, not an error.
fn play((program, args): &(PathBuf, Vec<&'static str>), wav: &[u8]) {
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    if let Ok(mut child) = child {
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(wav);
        }
        let _ = child.wait();
    }
}

/// The samples of `sound`, mono, from -1 to 1.
pub fn samples(sound: Sound) -> Vec<f32> {
    match sound {
        Sound::Move => knock(0.0, 180.0, 0.06),
        Sound::Capture => {
            let mut out = knock(0.0, 240.0, 0.05);
            mix(&mut out, &knock(0.0, 160.0, 0.07), 0.045);
            out
        }
        Sound::Check => {
            let mut out = knock(0.0, 200.0, 0.05);
            mix(&mut out, &tone(880.0, 0.18, 0.35), 0.02);
            out
        }
        Sound::GameEnd => {
            let mut out = tone(523.25, 0.22, 0.4);
            mix(&mut out, &tone(784.0, 0.35, 0.4), 0.18);
            out
        }
        Sound::LowTime => {
            let mut out = tone(1046.5, 0.08, 0.3);
            mix(&mut out, &tone(1046.5, 0.08, 0.3), 0.14);
            out
        }
    }
}

/// A knock on wood: a burst of noise and a low tone, dying fast.
fn knock(delay: f32, pitch: f32, decay: f32) -> Vec<f32> {
    let n = ((delay + decay * 6.0) * RATE as f32) as usize;
    let mut noise = 0x1234_5678_u32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32 - delay;
            if t < 0.0 {
                return 0.0;
            }
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            let white = (noise as f32 / u32::MAX as f32) * 2.0 - 1.0;
            let envelope = (-t / decay).exp();
            0.6 * envelope * (0.35 * white * (-t / (decay * 0.3)).exp() + (std::f32::consts::TAU * pitch * t).sin())
        })
        .collect()
}

/// A tone that fades out.
fn tone(pitch: f32, length: f32, volume: f32) -> Vec<f32> {
    let n = (length * RATE as f32) as usize;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let attack = (t / 0.005).min(1.0);
            volume * attack * (-3.0 * t / length).exp() * (std::f32::consts::TAU * pitch * t).sin()
        })
        .collect()
}

/// Adds `other` into `out`, starting `at` seconds in.
fn mix(out: &mut Vec<f32>, other: &[f32], at: f32) {
    let start = (at * RATE as f32) as usize;
    if out.len() < start + other.len() {
        out.resize(start + other.len(), 0.0);
    }
    for (o, s) in out[start..].iter_mut().zip(other) {
        *o += s;
    }
}

/// `samples` as a 16-bit mono WAV file.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32_000.0) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each sound is short, not silent and within range, as a valid WAV.
    #[test]
    fn sounds_are_short_audible_wavs() {
        for sound in [
            Sound::Move,
            Sound::Capture,
            Sound::Check,
            Sound::GameEnd,
            Sound::LowTime,
        ] {
            let s = samples(sound);
            let seconds = s.len() as f32 / RATE as f32;
            assert!((0.05..0.8).contains(&seconds), "{sound:?}: {seconds} s");
            let peak = s.iter().fold(0f32, |m, x| m.max(x.abs()));
            assert!((0.1..=1.2).contains(&peak), "{sound:?}: peak {peak}");
            let w = wav(&s);
            assert_eq!(&w[..4], b"RIFF");
            assert_eq!(w.len(), 44 + 2 * s.len());
        }
    }

    /// Where no player program is found, playing is silence, not a panic.
    #[test]
    fn no_player_is_silence() {
        let player = Player { send: None };
        player.play(Sound::Move);
    }
}
