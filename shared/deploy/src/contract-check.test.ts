import { describe, expect, it } from 'vitest';
import { checkRelease, packageOf, parseFederationManifest } from './contract-check.ts';
import { remoteManifest, shellManifest } from './testing.ts';

describe('checkRelease', () => {
  it('passes a build that exposes the contract, needs what the shell shares, on the same contract', () => {
    expect(checkRelease('goals', remoteManifest(), shellManifest())).toEqual([]);
  });

  it('names the exposes the shell loads that the build lacks', () => {
    const remote = remoteManifest();
    remote.exposes = remote.exposes?.filter((e) => e.path !== './GoalsPage' && e.path !== './GoalsTab');
    expect(checkRelease('goals', remote, shellManifest())).toEqual([
      'mf-goals does not expose ./GoalsPage, ./GoalsTab, which the shell loads',
    ]);
    // another remote's exposes are not goals' business
    remote.exposes = remote.exposes?.filter((e) => e.path !== './CreateNoteDialog');
    expect(checkRelease('goals', remote, shellManifest())).toHaveLength(1);
  });

  it('refuses a React major the shell does not have, once per package', () => {
    const remote = remoteManifest();
    remote.shared = [
      { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true },
      { name: 'react/jsx-runtime', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true },
    ];
    expect(checkRelease('goals', remote, shellManifest())).toEqual([
      'mf-goals needs shared versions the live shell does not provide: react ^20.0.0 (the shell has 19.3.1)',
    ]);
  });

  it('accepts an older minimum the shell satisfies, and checks a package by any module of it the shell shares', () => {
    const remote = remoteManifest();
    remote.shared = [
      { name: 'react-dom/client', version: '19.0.0', requiredVersion: '^19.0.0', singleton: true },
      { name: '@mindpath/sdk/goals-hooks', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
      // not one of the shell's singletons: the remote's own business
      { name: 'left-pad', version: '9.0.0', requiredVersion: '^9.0.0' },
    ];
    const shell = shellManifest();
    shell.shared?.push({ name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true });
    expect(checkRelease('goals', remote, shell)).toEqual([]);
    remote.shared.push({ name: '@mindpath/sdk/hooks', version: '0.2.0', requiredVersion: '^0.2.0' });
    expect(checkRelease('goals', remote, shell)).toEqual([
      'mf-goals needs shared versions the live shell does not provide: @mindpath/sdk ^0.2.0 (the shell has 0.1.0)',
    ]);
  });

  it('refuses a build made against another contract (the exposes or their props changed)', () => {
    const remote = remoteManifest();
    remote.metaData = { contractVersion: 'another' };
    const [problem, ...others] = checkRelease('goals', remote, shellManifest());
    expect(others).toEqual([]);
    expect(problem).toMatch(
      /^mf-goals was built against contract another, the live shell against test-contract-1/,
    );
    remote.metaData = {};
    expect(checkRelease('goals', remote, shellManifest())[0]).toMatch(/built against contract \(none\)/);
  });

  it('lists every problem at once', () => {
    const remote = remoteManifest();
    remote.exposes = [];
    remote.metaData = { contractVersion: 'x' };
    remote.shared = [{ name: 'react', requiredVersion: '^18.0.0' }];
    expect(checkRelease('pomodoro', remote, shellManifest())).toHaveLength(3);
  });
});

describe('the manifest parts it reads', () => {
  it('knows a shared module’s package', () => {
    expect(packageOf('react/jsx-runtime')).toBe('react');
    expect(packageOf('@mindpath/sdk/hooks')).toBe('@mindpath/sdk');
    expect(packageOf('@mindpath/events')).toBe('@mindpath/events');
  });

  it('refuses what is not a federation manifest', () => {
    expect(() => parseFederationManifest([], 'x')).toThrow(/x is not a Module Federation manifest/);
    expect(() => parseFederationManifest({ exposes: [{}] }, 'x')).toThrow(/not a Module Federation/);
    expect(parseFederationManifest({}, 'x')).toEqual({});
  });
});
