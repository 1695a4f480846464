// The timer's sound through Web Audio: the ambient loop (an AudioBufferSourceNode with loop on, so the
// browser wraps it sample-exactly) under one volume, and the three 1000 Hz beeps (spec 2 §4). The context is
// made on the first call, which the widget makes only from a click or key press (autoplay rules).
import type { AmbientSound } from '@mindpath/contracts/pomodoro';
import { renderAmbient } from './ambient.ts';

export const BEEP_HZ = 1000;
const BEEP_SECONDS = 0.18;
const BEEP_GAP_SECONDS = 0.12;

export class SoundPlayer {
  private context: AudioContext | null = null;
  private gain: GainNode | null = null;
  private source: AudioBufferSourceNode | null = null;
  private readonly buffers = new Map<AmbientSound, AudioBuffer>();
  private volume = 0.5;

  private ensure(): { context: AudioContext; gain: GainNode } | null {
    if (!this.context) {
      if (typeof AudioContext === 'undefined') return null;
      this.context = new AudioContext();
      this.gain = this.context.createGain();
      this.gain.gain.value = this.volume;
      this.gain.connect(this.context.destination);
    }
    void this.context.resume().catch(() => undefined);
    return { context: this.context, gain: this.gain! };
  }

  private bufferOf(context: AudioContext, kind: AmbientSound): AudioBuffer {
    let buffer = this.buffers.get(kind);
    if (!buffer) {
      const samples = renderAmbient(kind, context.sampleRate);
      buffer = context.createBuffer(1, samples.length, context.sampleRate);
      buffer.copyToChannel(samples, 0);
      this.buffers.set(kind, buffer);
    }
    return buffer;
  }

  playAmbient(kind: AmbientSound): void {
    const audio = this.ensure();
    if (!audio) return;
    this.stopAmbient();
    const source = audio.context.createBufferSource();
    source.buffer = this.bufferOf(audio.context, kind);
    source.loop = true;
    source.connect(audio.gain);
    source.start();
    this.source = source;
  }

  stopAmbient(): void {
    this.source?.stop();
    this.source?.disconnect();
    this.source = null;
  }

  setVolume(volume: number): void {
    this.volume = volume;
    if (this.gain && this.context) this.gain.gain.setTargetAtTime(volume, this.context.currentTime, 0.02);
  }

  /** Three short 1000 Hz beeps, heard over the ambient sound whatever its volume. */
  beep(): void {
    const audio = this.ensure();
    if (!audio) return;
    const { context } = audio;
    for (let i = 0; i < 3; i++) {
      const at = context.currentTime + 0.05 + i * (BEEP_SECONDS + BEEP_GAP_SECONDS);
      const osc = context.createOscillator();
      const env = context.createGain();
      osc.frequency.value = BEEP_HZ;
      env.gain.setValueAtTime(0, at);
      env.gain.linearRampToValueAtTime(0.3, at + 0.01);
      env.gain.setValueAtTime(0.3, at + BEEP_SECONDS - 0.02);
      env.gain.linearRampToValueAtTime(0, at + BEEP_SECONDS);
      osc.connect(env).connect(context.destination);
      osc.start(at);
      osc.stop(at + BEEP_SECONDS);
    }
  }

  close(): void {
    this.stopAmbient();
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.gain = null;
    this.buffers.clear();
  }
}
