// Writes test cases for test/decoders/token.test.ts: uiAmount and uiAmountString of interest-bearing and
// scaled mints as agave computes them (spl-token-2022's formulas, restated here; Rust's own f64 exp,
// formatting and parsing, glibc's libm). Build: rustc -O tokenUiAmounts.rs; run: ./tokenUiAmounts > tokenUiAmounts.txt
// Each line: kind amount decimals a b c d unix uiAmountString uiAmountBits|null ("-" stands for an empty string).
const SECONDS_PER_YEAR: f64 = 60. * 60. * 24. * 365.24;
const ONE_IN_BASIS_POINTS: f64 = 10_000.;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn trim(s: String, decimals: u8) -> String {
    if decimals > 0 {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn rate_exp(rate: i16, timespan: i64) -> Option<f64> {
    let numerator = (rate as i128).checked_mul(timespan as i128)? as f64;
    Some((numerator / SECONDS_PER_YEAR / ONE_IN_BASIS_POINTS).exp())
}

fn interest(amount: u64, decimals: u8, init: i64, pre: i16, last: i64, cur: i16, unix: i64) -> Option<String> {
    let before = rate_exp(pre, last.checked_sub(init)?)?;
    let after = rate_exp(cur, unix.checked_sub(last)?)?;
    let scale = before * after / 10_f64.powi(decimals as i32);
    Some(trim(format!("{:.*}", decimals as usize, (amount as f64) * scale), decimals))
}

// num-traits' pow, restated.
fn pow10(mut exp: usize) -> f64 {
    let mut base = 10_f64;
    if exp == 0 {
        return 1.0;
    }
    while exp & 1 == 0 {
        base = base * base;
        exp >>= 1;
    }
    if exp == 1 {
        return base;
    }
    let mut acc = base;
    while exp > 1 {
        exp >>= 1;
        base = base * base;
        if exp & 1 == 1 {
            acc = acc * base;
        }
    }
    acc
}

fn scaled(amount: u64, decimals: u8, multiplier: f64, new_ts: i64, new_multiplier: f64, unix: i64) -> String {
    let m = if unix >= new_ts { new_multiplier } else { multiplier };
    let truncated = ((amount as f64) * m).trunc() / pow10(decimals as usize);
    trim(format!("{:.*}", decimals as usize, truncated), decimals)
}

fn shown(text: Option<String>) -> String {
    let text = text.unwrap_or_default();
    let value = text.parse::<f64>().ok().filter(|v| v.is_finite());
    let bits = value.map_or("null".to_string(), |v| v.to_bits().to_string());
    format!("{} {}", if text.is_empty() { "-".to_string() } else { text }, bits)
}

fn main() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let amounts = |rng: &mut Rng| -> u64 {
        match rng.below(4) {
            0 => rng.below(1_000_000),
            1 => rng.next() >> rng.below(64),
            2 => [0, 1, 42, u64::MAX, 1_000_000_000_000_000_000, 10_000_000_000][rng.below(6) as usize],
            _ => rng.next(),
        }
    };
    let decimals = |rng: &mut Rng| -> u8 { if rng.below(8) == 0 { rng.below(256) as u8 } else { rng.below(20) as u8 } };
    let year: i64 = 31_556_736;
    for _ in 0..800 {
        let amount = amounts(&mut rng);
        let d = decimals(&mut rng);
        let init: i64 = 1_600_000_000 + rng.below(100_000_000) as i64;
        let last = init + (rng.below(10 * year as u64) as i64);
        let unix = match rng.below(6) {
            0 => i64::MIN,
            1 => i64::MAX,
            2 => last - rng.below(1000) as i64,
            _ => last + (rng.below(1000 * year as u64) as i64),
        };
        let (init, last) = if rng.below(20) == 0 { (i64::MAX, i64::MIN) } else { (init, last) };
        let pre = rng.next() as i16;
        let cur = if rng.below(3) == 0 { [500i16, -500, 0, 32767, -32768][rng.below(5) as usize] } else { rng.next() as i16 };
        println!("interest {} {} {} {} {} {} {} {}", amount, d, init, pre, last, cur, unix, shown(interest(amount, d, init, pre, last, cur, unix)));
    }
    for _ in 0..800 {
        let amount = amounts(&mut rng);
        let d = decimals(&mut rng);
        let pick = |rng: &mut Rng| -> f64 {
            match rng.below(6) {
                0 => [1.0, 2.0, 0.99, 1.5, 0.5, 1e-10, 1e10, f64::MAX, f64::INFINITY, -1.0, 0.0, 5.0][rng.below(12) as usize],
                1 => f64::from_bits(rng.next()),
                _ => (rng.below(1_000_000) as f64) / 1000.0,
            }
        };
        let m = pick(&mut rng);
        let n = pick(&mut rng);
        let ts: i64 = 1_700_000_000 + rng.below(1000) as i64;
        let unix = ts - 500 + rng.below(1000) as i64;
        println!("scaled {} {} {} {} {} 0 {} {}", amount, d, m.to_bits(), ts, n.to_bits(), unix, shown(Some(scaled(amount, d, m, ts, n, unix))));
    }
}
