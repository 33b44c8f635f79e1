#!/usr/bin/perl
# A third-party SMSC for the interoperability suite (interop.int.test.ts) and the SMPP chaos
# scenario (test/chaos/smpp.test.ts): Net::SMPP, written from the protocol, not from our code. It
# refuses a bind that does not speak SMPP 3.4 (interface_version 0x34), takes transceiver,
# transmitter and receiver binds, decodes every part on its own (UCS-2 strictly, as a handset that
# decodes parts one by one), and misbehaves as carriers do when its configuration says so. It
# prints one JSON line per event on stdout; the suites count copies from the `submit` lines.
#
#   smsc.pl <port> [<configuration as JSON>]
#
# Configuration:
#   rules: [{ ending, system_id?, action?, times?, delay_ms?, fixed_id?, receipt?, state?, tlvs? }]
#     the first rule whose `ending` ends the destination (and whose system_id, if any, is the
#     bind's) decides a submit. action: accept (default), empty_id (0x00 with an empty
#     message_id), no_answer (never answered), late (answered after delay_ms, or before the
#     unbind_resp when an unbind comes first), throttle (0x58 for the first `times` submits to
#     the number), garbage (answered, then bytes no SMPP reader can frame). receipt: deliver_sm
#     (default), data_sm, none, tlv_without_nul (receipted_message_id without its NUL, another
#     TLV after it), malformed_first (a deliver_sm with a zero-length message_state first),
#     unknown_first (a PDU of an unknown command first). tlvs: 0 for a receipt of text only.
#   text_ids: { <system_id>: "decimal" } the id in that bind's receipt text is the decimal of
#     its hex id (as many SMSCs write it).
#   mute_enquire_link: [<system_id>] enquire_link of those binds goes unanswered.
#   chaos: { seed, drop, no_answer, late, garbage, throttle, empty_id, malformed_receipt, data_sm,
#     delay_ms } the probability of each fault for every submit; the receipt state is UNDELIV for
#     a text with "odd" in it, DELIVRD otherwise.
use strict;
use warnings;
use Net::SMPP;
use IO::Select;
use Time::HiRes qw(time);
use Encode qw(decode FB_CROAK);
use JSON::PP;

$| = 1;
$SIG{PIPE} = 'IGNORE';
my ($port, $configuration) = @ARGV;
die "usage: smsc.pl <port> [<configuration as JSON>]\n" unless $port;
my $config = $configuration ? JSON::PP->new->decode($configuration) : {};
my $json = JSON::PP->new->canonical->ascii;
my $chaos = $config->{chaos};
srand($chaos->{seed}) if $chaos;
my %muted = map { $_ => 1 } @{ $config->{mute_enquire_link} || [] };

my %STATE = (ENROUTE => 1, DELIVRD => 2, EXPIRED => 3, DELETED => 4, UNDELIV => 5, ACCEPTD => 6, UNKNOWN => 7, REJECTD => 8);
# GSM 03.38 for the ASCII characters whose code is not their ASCII code (escapes after 0x1B).
my %GSM = (0x00 => '@', 0x02 => '$', 0x11 => '_');
my %GSM_EXTENSION = (0x14 => '^', 0x28 => '{', 0x29 => '}', 0x2F => '\\', 0x3C => '[', 0x3D => '~', 0x3E => ']', 0x40 => '|');

my $listener = Net::SMPP->new_listen('127.0.0.1', port => $port, smpp_version => 0x34)
  or die "cannot listen on $port: $!\n";
my $select = IO::Select->new($listener);
my %sessions;    # fileno => { smpp, system_id, role }
my @timers;      # { id, at, session (an answer of that session) or undef (a receipt), run }
my %counter;     # system_id => ids given
my %submits;     # "system_id|destination" => submits seen
my %awaiting;    # "fileno seq" of a receipt sent => { session, again }: sent again unless acknowledged
my $timer_seq = 0;

sub event { print $json->encode({@_}), "\n"; }

event(event => 'ready', port => $port + 0);

while (1) {
  my @ready = $select->can_read(next_wait());
  for my $fh (@ready) {
    if ($fh == $listener) {
      my $smpp = $listener->accept or next;
      $sessions{ fileno($smpp) } = { smpp => $smpp, system_id => '', role => '' };
      $select->add($smpp);
    } else {
      my $session = $sessions{ fileno($fh) } or next;
      my $pdu = $session->{smpp}->read_pdu();
      if (!$pdu) { close_session($session, 'closed by the client'); next; }
      handle($session, $pdu);
    }
  }
  run_timers(0);
}

sub next_wait {
  my $next;
  for my $timer (@timers) { $next = $timer->{at} if !defined $next || $timer->{at} < $next; }
  return 0.5 if !defined $next;
  my $wait = $next - time();
  return $wait > 0 ? $wait : 0;
}

# Runs the timers that are due, in order; with `flush`, every answer of that session now.
sub run_timers {
  my ($flush) = @_;
  my @due = grep { $flush ? ($_->{session} // 0) == $flush : $_->{at} <= time() } @timers;
  return unless @due;
  my %due = map { $_->{id} => 1 } @due;
  @timers = grep { !$due{ $_->{id} } } @timers;
  $_->{run}->() for sort { $a->{at} <=> $b->{at} || $a->{id} <=> $b->{id} } @due;
}

# `run` after `ms`; an answer names its session (flushed by an unbind, gone with the connection).
sub later {
  my ($session, $ms, $run) = @_;
  push @timers, { id => ++$timer_seq, at => time() + $ms / 1000, session => $session, run => $run };
}

sub close_session {
  my ($session, $why) = @_;
  my $smpp = $session->{smpp};
  return unless $sessions{ fileno($smpp) // -1 };
  event(event => 'close', system_id => $session->{system_id}, role => $session->{role}, why => $why);
  my $fd = fileno($smpp);
  delete $sessions{$fd};
  @timers = grep { ($_->{session} // 0) != $session } @timers;
  # Receipts not acknowledged on this session are sent again on the next, as SMSCs do.
  for my $key (grep { /^$fd / } keys %awaiting) {
    my $receipt = delete $awaiting{$key};
    later(undef, 100, $receipt->{again});
  }
  $select->remove($smpp);
  close($smpp);
}

sub handle {
  my ($session, $pdu) = @_;
  my $smpp = $session->{smpp};
  my $cmd = $pdu->{cmd};
  my %roles = (
    Net::SMPP::CMD_bind_transceiver() => ['transceiver', sub { $smpp->bind_transceiver_resp(@_) }],
    Net::SMPP::CMD_bind_transmitter() => ['transmitter', sub { $smpp->bind_transmitter_resp(@_) }],
    Net::SMPP::CMD_bind_receiver()    => ['receiver',    sub { $smpp->bind_receiver_resp(@_) }],
  );
  if (my $bind = $roles{$cmd}) {
    my $version = $pdu->{interface_version};
    @$session{qw(system_id role)} = ($pdu->{system_id}, $bind->[0]);
    event(event => 'bind', interface_version => $version + 0, system_id => $pdu->{system_id}, role => $bind->[0]);
    $bind->[1]->(seq => $pdu->{seq}, system_id => 'perl', status => ($version == 0x34 ? 0 : 0x0D));
  } elsif ($cmd == Net::SMPP::CMD_enquire_link) {
    if ($muted{ $session->{system_id} }) {
      event(event => 'enquire_link_ignored', system_id => $session->{system_id});
    } else {
      $smpp->enquire_link_resp(seq => $pdu->{seq});
    }
  } elsif ($cmd == Net::SMPP::CMD_submit_sm) {
    submit($session, $pdu);
  } elsif ($cmd == Net::SMPP::CMD_unbind) {
    # What is in hand is answered before the unbind is: a late answer still reaches the client.
    run_timers($session);
    event(event => 'unbind', system_id => $session->{system_id}, role => $session->{role});
    $smpp->unbind_resp(seq => $pdu->{seq});
    close_session($session, 'unbound');
  } elsif ($cmd & 0x80000000) {
    my %names = (0x80000000 => 'generic_nack', 0x80000005 => 'deliver_sm_resp', 0x80000103 => 'data_sm_resp', 0x80000015 => 'enquire_link_resp');
    event(event => 'resp', command => $names{$cmd} // sprintf('0x%08x', $cmd), seq => $pdu->{seq} + 0,
      status => $pdu->{status} + 0, system_id => $session->{system_id});
    if (my $receipt = delete $awaiting{ fileno($session->{smpp}) . " $pdu->{seq}" }) {
      later(undef, 200, $receipt->{again}) if $pdu->{status} != 0;
    }
  } else {
    event(event => 'request', command => sprintf('0x%08x', $cmd), system_id => $session->{system_id});
  }
}

sub rule_for {
  my ($system_id, $to) = @_;
  for my $rule (@{ $config->{rules} || [] }) {
    next if defined $rule->{system_id} && $rule->{system_id} ne $system_id;
    return $rule if substr($to, -length($rule->{ending})) eq $rule->{ending};
  }
  return {};
}

# A fault for this submit, by the chaos probabilities (none without chaos).
sub chaos_rule {
  my %rule = (delay_ms => $chaos->{delay_ms} // 1500);
  my $roll = rand();
  for my $fault (qw(drop no_answer late garbage throttle empty_id)) {
    my $p = $chaos->{$fault} // 0;
    if ($roll < $p) { $rule{action} = $fault; last; }
    $roll -= $p;
  }
  $rule{times} = 1 if ($rule{action} // '') eq 'throttle';
  my $receipt = rand();
  $rule{receipt} = $receipt < ($chaos->{malformed_receipt} // 0) ? 'malformed_first'
    : $receipt < ($chaos->{malformed_receipt} // 0) + ($chaos->{data_sm} // 0) ? 'data_sm' : 'deliver_sm';
  return \%rule;
}

sub decoded_text {
  my ($pdu) = @_;
  my $body = $pdu->{short_message} // '';
  my ($reference, $total, $sequence);
  if (($pdu->{esm_class} || 0) & 0x40) {
    my $udh_length = ord(substr($body, 0, 1));
    my $udh = substr($body, 1, $udh_length);
    ($reference, $total, $sequence) = unpack('x2 C C C', $udh) if ord(substr($udh, 0, 1)) == 0;
    $body = substr($body, $udh_length + 1);
  }
  my $coding = $pdu->{data_coding} || 0;
  my %part = (data_coding => $coding, octets => length($body), units => length($body) / 2, reference => $reference,
    total => $total, sequence => $sequence, well_formed => JSON::PP::true, escapes => 0);
  if ($coding == 8) {
    # Decoded with a copy: decode with a CHECK argument consumes its input.
    my $copy = $body;
    my $text = eval { decode('UTF-16BE', $copy, FB_CROAK) };
    $part{well_formed} = JSON::PP::false if !defined $text;
    $part{text} = $text // '';
  } elsif ($coding == 0) {
    my $text = '';
    my @bytes = unpack('C*', $body);
    while (@bytes) {
      my $byte = shift @bytes;
      if ($byte == 0x1B && @bytes) { $text .= $GSM_EXTENSION{ shift @bytes } // '?'; $part{escapes}++; }
      else { $text .= $GSM{$byte} // chr($byte); }
    }
    $part{text} = $text;
  } else {
    $part{text} = $body;
  }
  return \%part;
}

sub submit {
  my ($session, $pdu) = @_;
  my $smpp = $session->{smpp};
  my $system_id = $session->{system_id};
  my $to = $pdu->{destination_addr};
  my $rule = $chaos ? chaos_rule() : rule_for($system_id, $to);
  my $action = $rule->{action} // 'accept';
  my $seen = ++$submits{"$system_id|$to"};
  my $part = decoded_text($pdu);
  my %line = (event => 'submit', system_id => $system_id, to => $to, action => $action, %$part);

  if ($action eq 'throttle' && $seen <= ($rule->{times} // 1)) {
    event(%line, status => 0x58, copy => 0);
    $smpp->submit_sm_resp(seq => $pdu->{seq}, message_id => '', status => 0x58);
    return;
  }
  $action = 'accept' if $action eq 'throttle';
  my $id = defined $rule->{fixed_id} ? $rule->{fixed_id} : sprintf('%X', ++$counter{$system_id} + 999);
  $id = '' if $action eq 'empty_id';
  # Every submit the SMSC took is a copy the handset may get, answered or not.
  event(%line, action => $action, status => 0, copy => 1, message_id => $id);
  my $answer = sub {
    $smpp->submit_sm_resp(seq => $pdu->{seq}, message_id => $id);
    $smpp->syswrite('GARBAGE!GARBAGE!GARBAGE!') if $action eq 'garbage';
    return if $id eq '' || ($rule->{receipt} // '') eq 'none';
    my $state = $rule->{state} // ($chaos && $part->{text} =~ /odd/ ? 'UNDELIV' : 'DELIVRD');
    later(undef, $rule->{receipt_after_ms} // 30, sub { receipt($system_id, $session, $to, $pdu, $id, $state, $rule) });
  };
  if ($action eq 'no_answer') {
    return;
  } elsif ($action eq 'drop') {
    close_session($session, 'dropped by the SMSC');
  } elsif ($action eq 'late') {
    later($session, $rule->{delay_ms} // 1500, $answer);
  } else {
    $answer->();
  }
}

# The session that takes receipts for `system_id`: the submitting one if it is a transceiver, else a receiver.
sub receipt_session {
  my ($system_id, $submitting) = @_;
  return $submitting if $submitting->{role} eq 'transceiver' && $sessions{ fileno($submitting->{smpp}) // -1 };
  for my $session (values %sessions) {
    return $session if $session->{system_id} eq $system_id && $session->{role} =~ /^(receiver|transceiver)$/;
  }
  return undef;
}

sub receipt {
  my ($system_id, $submitting, $to, $pdu, $id, $state, $rule) = @_;
  # Sent again (without the misbehaviour of the first time) until it is acknowledged.
  my %plain = (%$rule, receipt => ($rule->{receipt} // '') eq 'data_sm' ? 'data_sm' : 'deliver_sm');
  my $again = sub { receipt($system_id, $submitting, $to, $pdu, $id, $state, \%plain) };
  my $session = receipt_session($system_id, $submitting);
  if (!$session) {
    # No session takes receipts now (a reconnect under way): kept until one binds, as an SMSC does.
    later(undef, 100, $again);
    return;
  }
  my $smpp = $session->{smpp};
  my $kind = $rule->{receipt} // 'deliver_sm';
  my $text_id = ($config->{text_ids}{$system_id} // '') eq 'decimal' ? hex($id) : $id;
  my @now = gmtime();
  my $date = sprintf('%02d%02d%02d%02d%02d', $now[5] % 100, $now[4] + 1, @now[3, 2, 1]);
  my $text = "id:$text_id sub:001 dlvrd:001 submit date:$date done date:$date stat:$state err:000 text:";
  my @address = (source_addr_ton => 1, source_addr_npi => 1, source_addr => $to, dest_addr_ton => 5,
    destination_addr => $pdu->{source_addr}, esm_class => 0x04, async => 1);
  my @tlvs = ($rule->{tlvs} // 1) ? (receipted_message_id => "$id\0", message_state => chr($STATE{$state} // 7)) : ();
  if ($kind eq 'malformed_first') {
    my $seq = $smpp->deliver_sm(@address, short_message => $text, receipted_message_id => "$id\0", message_state => '');
    event(event => 'sent_malformed', system_id => $system_id, seq => $seq + 0, id => $id);
  } elsif ($kind eq 'unknown_first') {
    my $seq = ++${*$smpp}{seq};
    $smpp->syswrite(pack('NNNN', 16, 0x00000099, 0, $seq));
    event(event => 'sent_unknown', system_id => $system_id, seq => $seq + 0);
  }
  if ($kind eq 'data_sm') {
    my $seq = $smpp->data_sm(@address, message_payload => $text, @tlvs);
    $awaiting{ fileno($smpp) . " $seq" } = { again => $again };
    event(event => 'receipt', via => 'data_sm', seq => $seq + 0, id => $id, state => $state, system_id => $system_id);
    return;
  }
  @tlvs = (receipted_message_id => $id, message_state => chr($STATE{$state} // 7)) if $kind eq 'tlv_without_nul';
  my $seq = $smpp->deliver_sm(@address, short_message => $text, @tlvs);
  $awaiting{ fileno($smpp) . " $seq" } = { again => $again };
  event(event => 'receipt', via => 'deliver_sm', seq => $seq + 0, id => $id, state => $state, system_id => $system_id);
}
