import { describe, expect, it } from 'vitest';
import {
  ALARM_SEVERITY,
  alarmRuleMatches,
  alarmRuleTargetProblem,
  alarmTypesAtLeast,
  alarmTypesOfSeverity,
  heartbeatSecondsFor,
  screenMismatchDetail,
  terminalHealth,
} from '../src/index.js';

describe('alarm centre rules', () => {
  it('grades a terminal online, late after a missed heartbeat, offline when presence says so', () => {
    const now = 1_000_000;
    expect(terminalHealth(true, now - 30_000, now, 30)).toBe('online');
    expect(terminalHealth(true, now - 45_000, now, 30)).toBe('online');
    expect(terminalHealth(true, now - 46_000, now, 30)).toBe('late');
    expect(terminalHealth(true, null, now, 30)).toBe('online');
    expect(terminalHealth(false, now, now, 30)).toBe('offline');
  });

  it('asks terminals to beat three times per offline threshold, every 1 to 30 s', () => {
    expect(heartbeatSecondsFor(90)).toBe(30);
    expect(heartbeatSecondsFor(600)).toBe(30);
    expect(heartbeatSecondsFor(12)).toBe(4);
    expect(heartbeatSecondsFor(4)).toBe(1);
    expect(heartbeatSecondsFor(1)).toBe(1);
  });

  it('sorts kinds by severity', () => {
    expect(alarmTypesOfSeverity('critical')).toEqual(['offline']);
    expect(alarmTypesAtLeast('warning').sort()).toEqual([
      'diskFull',
      'downloadFailed',
      'offline',
      'playError',
      'screenMismatch',
    ]);
    expect(alarmTypesAtLeast('info')).toHaveLength(6);
  });

  it('grades a screen mismatch as a warning and reads its detail', () => {
    expect(ALARM_SEVERITY.screenMismatch).toBe('warning');
    expect(alarmTypesOfSeverity('warning')).toContain('screenMismatch');
    expect(alarmRuleMatches({ types: [], minSeverity: 'warning' }, 'screenMismatch')).toBe(true);
    expect(alarmRuleMatches({ types: [], minSeverity: 'critical' }, 'screenMismatch')).toBe(false);
    expect(screenMismatchDetail({ reason: 'frozen', screenshotId: 7, sameAsScreenshotId: 5 })).toEqual({
      reason: 'frozen',
      screenshotId: 7,
      sameAsScreenshotId: 5,
    });
    expect(screenMismatchDetail({ reason: 'blank', screenshotId: 3, playing: null })).toEqual({
      reason: 'blank',
      screenshotId: 3,
      playing: null,
    });
    expect(screenMismatchDetail({ reason: 'dark', screenshotId: 3 })).toBeNull();
    expect(screenMismatchDetail({ reason: 'blank', screenshotId: '3' })).toBeNull();
    expect(screenMismatchDetail(null)).toBeNull();
  });

  it('matches a rule by its kinds, else by its minimum severity', () => {
    expect(alarmRuleMatches({ types: [], minSeverity: 'critical' }, 'offline')).toBe(true);
    expect(alarmRuleMatches({ types: [], minSeverity: 'critical' }, 'diskFull')).toBe(false);
    expect(alarmRuleMatches({ types: ['clockDrift'], minSeverity: 'info' }, 'clockDrift')).toBe(true);
    expect(alarmRuleMatches({ types: ['clockDrift'], minSeverity: 'info' }, 'offline')).toBe(false);
  });

  it('checks a rule’s target for its channel, naming the bad part', () => {
    expect(alarmRuleTargetProblem('email', 'a@b.co, c@d.org')).toBeNull();
    expect(alarmRuleTargetProblem('email', 'a@b.co, nobody')).toBe(
      'target: “nobody” is not an e-mail address',
    );
    expect(alarmRuleTargetProblem('webhook', 'https://hooks.example.com/x')).toBeNull();
    expect(alarmRuleTargetProblem('webhook', 'ftp://x')).toBe('target: the webhook URL must be http(s)');
    expect(alarmRuleTargetProblem('webhook', 'not a url')).toBe('target: the webhook URL is not a URL');
  });
});
