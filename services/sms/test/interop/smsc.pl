#!/usr/bin/perl
# A third-party SMSC for the interoperability test (interop.int.test.ts): Net::SMPP, written from
# the protocol, not from our code. It refuses a bind that does not speak SMPP 3.4 (interface_version
# 0x34), decodes every UCS-2 part strictly on its own (as a handset that decodes parts one by one),
# and prints one JSON line per event on stdout.
use strict;
use warnings;
use Net::SMPP;
use Encode qw(decode FB_CROAK);
use JSON::PP;

$| = 1;
$SIG{CHLD} = 'IGNORE';
my $port = shift or die "usage: smsc.pl <port>\n";
my $json = JSON::PP->new->canonical;
my $listener = Net::SMPP->new_listen('127.0.0.1', port => $port, smpp_version => 0x34)
  or die "cannot listen on $port: $!\n";
print $json->encode({ event => 'ready', port => $port + 0 }), "\n";

while (1) {
  my $smpp = $listener->accept or next;
  if (fork() == 0) { serve($smpp); exit 0; }
}

sub serve {
  my ($smpp) = @_;
  my $next_id = 0;
  while (my $pdu = $smpp->read_pdu()) {
    my $cmd = $pdu->{cmd};
    if ($cmd == Net::SMPP::CMD_bind_transceiver) {
      my $version = $pdu->{interface_version};
      print $json->encode({ event => 'bind', interface_version => $version + 0 }), "\n";
      $smpp->bind_transceiver_resp(seq => $pdu->{seq}, system_id => 'perl', status => ($version == 0x34 ? 0 : 0x0D));
    } elsif ($cmd == Net::SMPP::CMD_enquire_link) {
      $smpp->enquire_link_resp(seq => $pdu->{seq});
    } elsif ($cmd == Net::SMPP::CMD_submit_sm) {
      my $body = $pdu->{short_message};
      my ($reference, $total, $sequence);
      if (($pdu->{esm_class} || 0) & 0x40) {
        my $udh_length = ord(substr($body, 0, 1));
        my $udh = substr($body, 1, $udh_length);
        ($reference, $total, $sequence) = unpack('x2 C C C', $udh) if ord(substr($udh, 0, 1)) == 0;
        $body = substr($body, $udh_length + 1);
      }
      # Counted first: decode with a CHECK argument consumes its input.
      my $units = length($body) / 2;
      my $well_formed = JSON::PP::true;
      my $text = $body;
      if (($pdu->{data_coding} || 0) == 8) {
        $text = eval { decode('UTF-16BE', $body, FB_CROAK) };
        $well_formed = JSON::PP::false if !defined $text;
      }
      my $id = sprintf('%X', ++$next_id + 1000);
      print $json->encode({
        event => 'submit', data_coding => $pdu->{data_coding} + 0, well_formed => $well_formed,
        reference => $reference, total => $total, sequence => $sequence, units => $units,
        message_id => $id,
      }), "\n";
      $smpp->submit_sm_resp(seq => $pdu->{seq}, message_id => $id);
    } elsif ($cmd == Net::SMPP::CMD_unbind) {
      $smpp->unbind_resp(seq => $pdu->{seq});
      last;
    }
  }
}
