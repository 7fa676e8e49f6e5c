#[path = "../benches/common.rs"]
mod common;
fn main() {
    let which = std::env::args().nth(1).unwrap();
    let bulk = std::env::args().nth(2).is_some();
    let fen = common::positions()[0].1.clone();
    let n = match which.as_str() {
        "shak" if bulk => shakmaty::perft(&common::shakmaty_pos(&fen), 5),
        "shak" => common::shakmaty_perft_unbulked(&common::shakmaty_pos(&fen), 4),
        "cozy" => common::cozy_perft(&common::cozy_pos(&fen), if bulk { 5 } else { 4 }, bulk),
        _ => if bulk { common::ours(&fen).perft(5) } else { common::ours(&fen).perft_unbulked(4) },
    };
    println!("{n}");
}
