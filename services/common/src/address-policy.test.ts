import { describe, expect, it } from 'vitest';
import { addressBlockReason, hostnameBlockReason } from './address-policy.ts';

describe('addressBlockReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['169.254.0.1', 'link_local'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.0.0.170', 'protocol_assignment'],
    ['192.88.99.1', 'reserved'],
  ])('refuses IPv4 %s (%s)', (address, reason) => {
    expect(addressBlockReason(address)).toBe(reason);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fe80::1', 'link_local'],
    ['febf::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4_mapped'],
    ['::ffff:7f00:1', 'ipv4_mapped'],
    ['::ffff:169.254.169.254', 'ipv4_mapped'],
    ['::ffff:8.8.8.8', 'ipv4_mapped'],
    ['::127.0.0.1', 'ipv4_mapped'],
    ['::7f00:1', 'ipv4_mapped'],
    ['::ffff:0:a00:1', 'ipv4_mapped'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link_local'],
    ['2002:c0a8:101::', 'private'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'protocol_assignment'],
    ['2001:2::1', 'protocol_assignment'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('refuses IPv6 %s (%s)', (address, reason) => {
    expect(addressBlockReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(addressBlockReason(address)).toBeNull();
  });

  it.each(['localhost', 'example.com', '', '1.2.3', '127.1', '2130706433', '::g'])(
    'refuses %j, which is not an IP address',
    (text) => {
      expect(addressBlockReason(text)).toBe('not_an_ip');
    },
  );

  it('lets only plain loopback through with allowLoopback', () => {
    expect(addressBlockReason('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(addressBlockReason('::1', { allowLoopback: true })).toBeNull();
    expect(addressBlockReason('::ffff:127.0.0.1', { allowLoopback: true })).toBe('ipv4_mapped');
    expect(addressBlockReason('64:ff9b::7f00:1', { allowLoopback: true })).toBe('loopback');
    expect(addressBlockReason('2002:7f00:1::', { allowLoopback: true })).toBe('loopback');
    expect(addressBlockReason('10.0.0.1', { allowLoopback: true })).toBe('private');
    expect(addressBlockReason('169.254.169.254', { allowLoopback: true })).toBe('link_local');
  });
});

describe('hostnameBlockReason', () => {
  it.each([
    ['metadata.google.internal', 'metadata'],
    ['METADATA.Google.Internal.', 'metadata'],
    ['metadata.goog', 'metadata'],
    ['metadata', 'metadata'],
    ['instance-data', 'metadata'],
    ['localhost', 'loopback'],
    ['app.localhost', 'loopback'],
    ['redis', 'internal_name'],
    ['gateway.default.svc.cluster.local', 'internal_name'],
    ['printer.local', 'internal_name'],
    ['nas.home.arpa', 'internal_name'],
    ['db.corp', 'internal_name'],
    ['instance-data.ec2.internal', 'metadata'],
    ['anything.internal', 'internal_name'],
  ])('refuses %s (%s)', (hostname, reason) => {
    expect(hostnameBlockReason(hostname)).toBe(reason);
  });

  it.each(['example.com', 'images.example.co.uk', 'cdn.example.', 'xn--nxasmq6b.com', 'local.example.com'])(
    'allows %s',
    (hostname) => {
      expect(hostnameBlockReason(hostname)).toBeNull();
    },
  );
});
