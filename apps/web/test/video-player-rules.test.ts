import { describe, expect, it } from 'vitest';
import {
  commandForKey,
  createTapDetector,
  formatPlayerTime,
  seekTarget,
  steppedVolume,
} from '../src/components/ui/video-player-rules';

describe('video player keys', () => {
  it('steps 10 seconds with the arrows and 60 with Shift', () => {
    expect(commandForKey({ key: 'ArrowRight', shiftKey: false })).toEqual({ kind: 'seek', seconds: 10 });
    expect(commandForKey({ key: 'ArrowLeft', shiftKey: false })).toEqual({ kind: 'seek', seconds: -10 });
    expect(commandForKey({ key: 'ArrowRight', shiftKey: true })).toEqual({ kind: 'seek', seconds: 60 });
    expect(commandForKey({ key: 'ArrowLeft', shiftKey: true })).toEqual({ kind: 'seek', seconds: -60 });
  });

  it('changes the volume by a tenth with up and down', () => {
    expect(commandForKey({ key: 'ArrowUp', shiftKey: false })).toEqual({ kind: 'volume', delta: 0.1 });
    expect(commandForKey({ key: 'ArrowDown', shiftKey: false })).toEqual({ kind: 'volume', delta: -0.1 });
  });

  it('maps Space and K to play, M to mute, F to full screen and C to captions, in either case', () => {
    expect(commandForKey({ key: ' ', shiftKey: false })).toEqual({ kind: 'togglePlay' });
    expect(commandForKey({ key: 'k', shiftKey: false })).toEqual({ kind: 'togglePlay' });
    expect(commandForKey({ key: 'K', shiftKey: true })).toEqual({ kind: 'togglePlay' });
    expect(commandForKey({ key: 'm', shiftKey: false })).toEqual({ kind: 'toggleMute' });
    expect(commandForKey({ key: 'F', shiftKey: true })).toEqual({ kind: 'toggleFullscreen' });
    expect(commandForKey({ key: 'c', shiftKey: false })).toEqual({ kind: 'toggleCaptions' });
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(commandForKey({ key: 'Tab', shiftKey: false })).toBeNull();
    expect(commandForKey({ key: 'Enter', shiftKey: false })).toBeNull();
    expect(commandForKey({ key: 'f', shiftKey: false, ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'ArrowLeft', shiftKey: false, altKey: true })).toBeNull();
    expect(commandForKey({ key: 'c', shiftKey: false, metaKey: true })).toBeNull();
  });
});

describe('seekTarget', () => {
  it('moves by the step inside the video', () => {
    expect(seekTarget(30, 10, 120)).toBe(40);
    expect(seekTarget(30, -10, 120)).toBe(20);
  });

  it('stops at the start and at the end', () => {
    expect(seekTarget(4, -10, 120)).toBe(0);
    expect(seekTarget(115, 60, 120)).toBe(120);
  });

  it('only stops at the start while the length is unknown', () => {
    expect(seekTarget(5, 60, Number.NaN)).toBe(65);
    expect(seekTarget(5, -60, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('steppedVolume', () => {
  it('steps by a tenth without drifting', () => {
    expect(steppedVolume(0.2, 0.1)).toBe(0.3);
    expect(steppedVolume(0.7, -0.1)).toBe(0.6);
    let volume = 0;
    for (let step = 0; step < 7; step += 1) volume = steppedVolume(volume, 0.1);
    expect(volume).toBe(0.7);
  });

  it('stays between 0 and 1', () => {
    expect(steppedVolume(1, 0.1)).toBe(1);
    expect(steppedVolume(0.04, -0.1)).toBe(0);
    expect(steppedVolume(0.96, 0.1)).toBe(1);
  });

  it('rounds a volume set elsewhere onto the tenths', () => {
    expect(steppedVolume(0.43, 0.1)).toBe(0.5);
  });
});

describe('createTapDetector', () => {
  const clockAt = (start: number) => {
    let time = start;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  };

  it('calls two taps within 500 ms a double', () => {
    const clock = clockAt(1000);
    const taps = createTapDetector(clock.now);
    expect(taps.tap()).toBe('first');
    clock.advance(499);
    expect(taps.tap()).toBe('double');
  });

  it('counts exactly 500 ms as a double and 501 ms as two single taps', () => {
    const clock = clockAt(0);
    const taps = createTapDetector(clock.now);
    taps.tap();
    clock.advance(500);
    expect(taps.tap()).toBe('double');
    taps.tap();
    clock.advance(501);
    expect(taps.tap()).toBe('first');
  });

  it('starts over after a double: a third quick tap is a new first tap', () => {
    const clock = clockAt(0);
    const taps = createTapDetector(clock.now);
    taps.tap();
    clock.advance(100);
    expect(taps.tap()).toBe('double');
    clock.advance(100);
    expect(taps.tap()).toBe('first');
  });

  it('says a first tap is pending until the window has passed', () => {
    const clock = clockAt(0);
    const taps = createTapDetector(clock.now);
    expect(taps.pending()).toBe(false);
    taps.tap();
    clock.advance(300);
    expect(taps.pending()).toBe(true);
    clock.advance(201);
    expect(taps.pending()).toBe(false);
    taps.tap();
    taps.reset();
    expect(taps.pending()).toBe(false);
  });

  it('takes another window length', () => {
    const clock = clockAt(0);
    const taps = createTapDetector(clock.now, 300);
    taps.tap();
    clock.advance(350);
    expect(taps.tap()).toBe('first');
  });
});

describe('formatPlayerTime', () => {
  it('writes minutes and seconds, hours when there are any', () => {
    expect(formatPlayerTime(0)).toBe('0:00');
    expect(formatPlayerTime(9.7)).toBe('0:09');
    expect(formatPlayerTime(75)).toBe('1:15');
    expect(formatPlayerTime(3725)).toBe('1:02:05');
    expect(formatPlayerTime(Number.NaN)).toBe('0:00');
  });
});
