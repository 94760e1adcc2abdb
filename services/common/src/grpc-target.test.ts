import { describe, expect, it } from 'vitest';
import { baseConfigShape, ConfigError, parseConfig, portOf } from './config.ts';
import { listenPortOf, targetPorts } from './grpc-target.ts';

describe('service addresses', () => {
  it('accepts host:port and the gRPC targets that name every replica', () => {
    expect(targetPorts('auth:7101')).toEqual([7101]);
    expect(targetPorts('127.0.0.1:7101')).toEqual([7101]);
    expect(targetPorts('[::1]:7101')).toEqual([7101]);
    expect(targetPorts('dns:///auth-grpc.pictura.svc.cluster.local:7101')).toEqual([7101]);
    expect(targetPorts('dns://10.96.0.10:53/auth-grpc:7101')).toEqual([7101]);
    expect(targetPorts('ipv4:127.0.0.1:7101,127.0.0.1:7201')).toEqual([7101, 7201]);
    expect(targetPorts('ipv6:[::1]:7101,[::1]:7201')).toEqual([7101, 7201]);
  });

  it.each([
    ['no port', 'auth'],
    ['port out of range', 'auth:70000'],
    ['DNS target without a port (gRPC would guess 443)', 'dns:///auth-grpc'],
    ['a name in an ipv4 list', 'ipv4:auth:7101'],
    ['an ipv4 entry without a port', 'ipv4:127.0.0.1:7101,127.0.0.2'],
    ['an unbracketed ipv6 entry', 'ipv6:::1:7101'],
    ['an unknown scheme', 'unix:///run/auth.sock'],
    ['a URL', 'http://auth:7101'],
    ['spaces', 'ipv4:127.0.0.1:7101, 127.0.0.1:7201'],
  ])('refuses %s', (_why, value) => {
    expect(() => targetPorts(value)).toThrow(/expected host:port, dns:\/\/\/host:port or ipv4:/);
  });

  it('stops the process naming the variable whose address is wrong', () => {
    const parse = () =>
      parseConfig(baseConfigShape, {
        AUTH_ADDR: 'ipv4:127.0.0.1:7101,127.0.0.1',
        HISTORY_ADDR: 'dns:///history-grpc:7104',
      });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(/AUTH_ADDR: every ipv4 entry needs an address and a port/);
    expect(parse).not.toThrow(/HISTORY_ADDR/);
  });

  it('binds the port its own address names, and asks for GRPC_PORT when a list names several', () => {
    expect(portOf('auth:7101')).toBe(7101);
    expect(portOf('dns:///auth-grpc.pictura.svc.cluster.local:7101')).toBe(7101);
    expect(listenPortOf('ipv4:10.0.0.1:7101,10.0.0.2:7101')).toBe(7101);
    expect(() => listenPortOf('ipv4:127.0.0.1:7101,127.0.0.1:7201')).toThrow(/set GRPC_PORT/);
  });
});
