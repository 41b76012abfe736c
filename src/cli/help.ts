/** The CLI's help texts, written out in full so that what users read is exactly what is here. */

export const MAIN_HELP = `solrpc — query a Solana-style cluster over JSON-RPC: gossip, balances, vote accounts, validator health

Usage: solrpc <command> [arguments] [options]

Commands:
  gossip                         Nodes visible in gossip, as the Solana CLI shows them
  balance [ADDRESS_OR_KEYPAIR]   An account's balance in SOL (exact), or lamports with --lamports
  vote-account <ACCOUNT>         A vote account's recent voting activity
  epoch-info                     The current epoch, slot and progress
  leader-schedule                The current epoch's leader slots
  slot                           The slot the node has reached
  block-height                   The node's block height
  epoch                          The current epoch number
  transaction-count              Transactions processed since genesis (exact)
  cluster-version                The node's software version
  supply                         Total, circulating and non-circulating SOL
  largest-accounts               The 20 largest accounts by balance
  inflation [rewards ADDRESS]    The inflation governor's rates and this epoch's, or accounts' rewards
  validators                     Every vote account: votes, root, skip rate, credits, version, client, stake
  block-production               Each leader's slots, blocks produced and skipped slots this epoch
  block [SLOT]                   A confirmed block: header, rewards and every transaction
  transaction-history <ADDRESS>  An address's transactions, newest first
  catchup <IDENTITY> [URL]       How far a validator is behind the cluster, until it catches up
  logs [ADDRESS]                 Stream transaction logs over WebSocket until Ctrl-C
  check <IDENTITY>               Is the validator visible, voting, staked and progressing? (Nagios exit codes)
  confirm <SIGNATURE>            Where a transaction stands: Processed, Confirmed, Finalized, failed or Not found
  demo                           Run the commands against a simulated cluster on this machine

Options (every command):
  -u, --url <URL_OR_MONIKER>     RPC URL, or mainnet-beta (m), devnet (d), testnet (t), localhost (l)
      --ws <URL>                 WebSocket URL, for 'logs' (default: the config file's websocket_url,
                                 else the RPC URL with ws/wss and its port + 1)
  -k, --keypair <PATH>           Keypair file (default: from the config file, else ~/.config/solana/id.json)
      --commitment <LEVEL>       processed, confirmed or finalized (default: config file, else confirmed)
  -C, --config <PATH>            Solana CLI config file (default: ~/.config/solana/cli/config.yml)
      --output <FORMAT>          json or json-compact instead of text
      --rpc-timeout <SECONDS>    Time allowed for each request (default: 30)
  -v, --verbose                  More detail; errors with their stack
  -h, --help                     This help, or a command's with 'solrpc <command> --help'
  -V, --version                  The version

Exit codes: 0 success; 1 the cluster answered with an error; 2 bad arguments or files;
69 the cluster could not be reached (or 'logs' lost it for good); 130 interrupted. 'check' uses 0 ok, 1 warning, 2 critical, 3 unknown.
`;

/** The global options every command accepts, as each command's help lists them. */
const GLOBAL_OPTIONS = `Global options (see 'solrpc --help'):
  -u, --url <URL_OR_MONIKER>    -k, --keypair <PATH>          -C, --config <PATH>
      --commitment <LEVEL>          --output <FORMAT>             --rpc-timeout <SECONDS>
      --ws <URL>                -v, --verbose                 -h, --help
`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  block: `solrpc block — a confirmed block: header, rewards and every transaction

Usage: solrpc block [SLOT] [options]

SLOT   The block's slot; the finalized slot when left out.

Prints the block's slots, hashes, time and height, its rewards by address with their total, then each
transaction as 'solrpc confirm -v' prints one, as the Solana CLI does; --output json gives the block.

${GLOBAL_OPTIONS}`,
  inflation: `solrpc inflation — the inflation governor's rates and this epoch's, or accounts' rewards

Usage: solrpc inflation [options]
       solrpc inflation rewards <ADDRESS>... [--rewards-epoch N] [-v] [options]

Prints the governor (initial and terminal rate, yearly reduction, or a fixed rate) and this epoch's total
and staking rates, as the Solana CLI does. 'rewards' prints the inflation reward each ADDRESS (an address
or a keypair file) received in an epoch: amount, new balance, percent change and commission; -v adds the
reward slot and its time. --output json gives the Solana CLI's JSON with exact lamports.

Options:
      --rewards-epoch <N>   The epoch whose rewards to show (default: the last one paid)

${GLOBAL_OPTIONS}`,
  catchup: `solrpc catchup — how far a validator is behind the cluster, until it catches up

Usage: solrpc catchup <IDENTITY> [NODE_RPC_URL] [--follow] [--log] [--interval SECONDS] [options]
       solrpc catchup --our-localhost [PORT] [options]

The validator's RPC address comes from gossip unless NODE_RPC_URL is given; --our-localhost [PORT]
asks http://localhost:PORT (8899) and takes the identity it reports. Every --interval seconds (2, as
the Solana CLI) its slot is compared with the cluster's (--url), until it has caught up. Each request is
bounded by --rpc-timeout; an unreachable validator is retried each interval until Ctrl-C.

Options:
      --our-localhost [PORT]   The validator is this machine, on PORT (default 8899)
      --follow                 Keep going after it has caught up, until interrupted
      --log                    A line per check instead of one line rewritten in place
      --interval <SECONDS>     Time between checks (default 2; solrpc's own option)

${GLOBAL_OPTIONS}`,
  logs: `solrpc logs — stream transaction logs over WebSocket until Ctrl-C

Usage: solrpc logs [ADDRESS] [--include-votes] [options]

ADDRESS   Only transactions that mention this account (an address or a keypair file);
          without it, every transaction but votes.

Prints each transaction as the Solana CLI does: its slot, signature, status and log messages, at
--commitment. The node's WebSocket port is the RPC port + 1 unless --ws (or websocket_url in the config
file) names another. A lost connection is retried within about a minute: stderr says when the stream was
lost and regained, and transactions in between may be missing (logs cannot be replayed); if the node does
not come back, it exits 69. --output json prints one JSON object per line: signature, err, logs, slot.

Options:
      --include-votes   Include vote transactions when following all transactions (not with ADDRESS)

${GLOBAL_OPTIONS}`,
  'transaction-history': `solrpc transaction-history — an address's transactions, newest first

Usage: solrpc transaction-history <ADDRESS> [--limit N] [--before SIGNATURE] [--until SIGNATURE]
                                  [--show-transactions] [options]

Options:
      --limit <N>              At most N signatures, 1 to 1000 (default 1000)
      --before <SIGNATURE>     Start after this transaction (older ones only)
      --until <SIGNATURE>      Stop at this transaction
      --show-transactions      Print each transaction (read at confirmed) with its status
  -v, --verbose                Each signature with its slot, time, status and memo

Reads at confirmed, as the Solana CLI does; --output json gives its CliHistory JSON.

${GLOBAL_OPTIONS}`,
  'block-production': `solrpc block-production — each leader's produced and skipped slots in an epoch

Usage: solrpc block-production [--epoch N] [--slot-limit N] [options]

Options:
      --epoch <N>        An earlier epoch (default: the current one, up to its finalized slot)
      --slot-limit <N>   Only the last N slots of it
  -v, --verbose          Also list every slot with its leader, SKIPPED where no block holds it

${GLOBAL_OPTIONS}`,
  validators: `solrpc validators — every validator, as the Solana CLI's table shows them

Usage: solrpc validators [--sort ORDER] [--reverse] [--number] [--lamports]
                         [--keep-unstaked-delinquents] [--delinquent-slot-distance SLOTS] [options]

Options:
      --sort <ORDER>                       delinquent, commission, credits, identity, last-vote, root,
                                           skip-rate, stake (default), version, client-id or
                                           vote-account; ascending
  -r, --reverse                            Reverse the order
  -n, --number                             Number the rows
      --lamports                           Stakes in lamports
      --keep-unstaked-delinquents          Keep delinquent validators without stake
      --delinquent-slot-distance <SLOTS>   Votes this far behind make a validator delinquent (node default 128)

⚠️ marks a delinquent validator (! when LANG does not end in UTF-8, as the Solana CLI prints it).
Stakes are exact.

${GLOBAL_OPTIONS}`,
  supply: `solrpc supply — the total, circulating and non-circulating supply

Usage: solrpc supply [--print-accounts] [options]

Options:
      --print-accounts   Also list the non-circulating accounts

SOL is printed as the Solana CLI prints it (through its f64); --output json gives exact lamports.

${GLOBAL_OPTIONS}`,
  'largest-accounts': `solrpc largest-accounts — the 20 largest accounts by balance

Usage: solrpc largest-accounts [--circulating | --non-circulating] [options]

Options:
      --circulating       Only circulating accounts
      --non-circulating   Only non-circulating accounts

SOL is printed as the Solana CLI prints it (through its f64); --output json gives exact lamports.
The node may answer from a cache of up to two hours.

${GLOBAL_OPTIONS}`,
  slot: `solrpc slot — the slot the node has reached

Usage: solrpc slot [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_OPTIONS}`,
  'block-height': `solrpc block-height — the block height of the node

Usage: solrpc block-height [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_OPTIONS}`,
  epoch: `solrpc epoch — the current epoch

Usage: solrpc epoch [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_OPTIONS}`,
  'transaction-count': `solrpc transaction-count — the transactions processed since genesis

Usage: solrpc transaction-count [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value). Exact: a
u64 is never rounded.
Reads at --commitment.

${GLOBAL_OPTIONS}`,
  'cluster-version': `solrpc cluster-version — the node's software version

Usage: solrpc cluster-version [options]

Prints the node's solana-core version (its first word), as the Solana CLI does; with --verbose the whole
solana-core text. --output json prints the same line.

${GLOBAL_OPTIONS}`,
  gossip: `solrpc gossip — the nodes the RPC node sees in gossip

Usage: solrpc gossip [options]

Prints IP address, identity, gossip port, TPU and TPU-QUIC ports, RPC address, version and feature set
of every node, then the count. 'none' or 'unknown' where a node advertises nothing.
Needs an RPC node started with --full-rpc-api (others answer "Method not found").

${GLOBAL_OPTIONS}`,
  balance: `solrpc balance — an account's balance

Usage: solrpc balance [ADDRESS_OR_KEYPAIR] [options]

ADDRESS_OR_KEYPAIR   A base58 address or a keypair file; the configured keypair's address by default.

Options:
      --lamports     Print lamports instead of SOL
  -v, --verbose      Print all nine decimals of SOL

${GLOBAL_OPTIONS}`,
  'vote-account': `solrpc vote-account — a vote account's recent voting activity

Usage: solrpc vote-account <VOTE_ACCOUNT_KEYPAIR_FILE_OR_ADDRESS> [options]

Prints the balance, validator identity, vote and withdraw authorities, credits, commission, root slot,
recent timestamp, recent votes (newest first) and the epoch voting history.

Options:
      --lamports     Print the balance in lamports

${GLOBAL_OPTIONS}`,
  'epoch-info': `solrpc epoch-info — the current epoch

Usage: solrpc epoch-info [options]

Prints block height, slot, epoch, transaction count, the epoch's slot range, how far it has run
(with a progress bar on a terminal) and an estimate of the time left.

${GLOBAL_OPTIONS}`,
  'leader-schedule': `solrpc leader-schedule — who leads which slot this epoch

Usage: solrpc leader-schedule [--identity ADDRESS] [options]

Prints every slot of the current epoch with its leader, or only the slots of --identity.

Options:
      --identity <ADDRESS>   Only this validator's slots

${GLOBAL_OPTIONS}`,
  check: `solrpc check — is a validator visible in gossip, voting, staked and progressing?

Usage: solrpc check <IDENTITY> [--vote-account ADDRESS] [--watch [SECONDS]] [options]

Samples the cluster twice and prints each finding with its reason. Exit codes follow the Nagios
convention: 0 ok, 1 warning, 2 critical, 3 unknown (including a check that could not run).

Options:
      --vote-account <ADDRESS>   The validator's vote account (found by identity otherwise)
      --samples <N>              Samples of slot and vote (default 2)
      --interval <SECONDS>       Time between samples (default 2)
      --watch [SECONDS]          Repeat every SECONDS (default 60) until interrupted

${GLOBAL_OPTIONS}`,
  confirm: `solrpc confirm — where a transaction stands

Usage: solrpc confirm <SIGNATURE> [-v] [options]

Prints Processed, Confirmed or Finalized; 'Transaction failed: <error>' for a transaction that landed
and failed; 'Not found' when the node does not know the signature (the ledger is searched too, on nodes
that keep transaction history). Exits 0 in each case, as the Solana CLI does: the answer is in the
text, or in --output json's "confirmationStatus" (null when not found) and "err".

Options:
  -v, --verbose      Also the transaction: accounts, instructions, status, fee, balances and logs

${GLOBAL_OPTIONS}`,
  demo: `solrpc demo — the commands against a simulated cluster

Usage: solrpc demo [--serve]

Starts a JSON-RPC server on 127.0.0.1 that simulates a small cluster (a slot clock that advances,
gossip nodes, vote accounts, a leader schedule, token accounts and transactions), then runs an
operator's round against it: gossip, balance, vote-account, epoch-info, slot, cluster-version,
validators, block-production, check, catchup, supply, inflation rewards, transaction-history and
confirm. Nothing leaves this machine.

Options:
      --serve    Only start the simulated cluster and print its URL; stop with Ctrl-C

${GLOBAL_OPTIONS}Its steps take none of them: they run against the simulated cluster and print text.
`,
};
