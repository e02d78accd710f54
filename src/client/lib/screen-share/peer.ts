// Both ends of a screen share (docs/decisions/043): the client's page offers its screen, the staff viewer answers.
// Media go page to page (or through the relay), never through our server; only these messages do.
import type { ScreenShareSession, SignalInput } from '#shared/remote/screen-share-api.ts';

type RtcSettings = Pick<ScreenShareSession, 'iceServers' | 'iceTransportPolicy'>;
type Send = (signal: SignalInput) => void;

/** A connection and what both ends do the same way: candidates out, candidates in (held until the far end is known). */
export class SharePeer {
  readonly pc: RTCPeerConnection;
  private pending: RTCIceCandidateInit[] = [];
  /** the microphone, once asked for: sent on the audio line negotiated from the start, so no new exchange is needed */
  private mic: MediaStreamTrack | null = null;

  constructor(
    settings: RtcSettings,
    readonly peer: string,
    private readonly send: Send,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: settings.iceServers,
      iceTransportPolicy: settings.iceTransportPolicy,
    });
    this.pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = e.candidate.toJSON();
      send({
        kind: 'candidate',
        peer,
        candidate: { candidate: candidate ?? '', sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
  }

  /** The client's side: its screen on a video line, and an audio line both ways for the voice, off until asked. */
  async offer(screen: MediaStream) {
    for (const track of screen.getVideoTracks()) this.pc.addTrack(track, screen);
    this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    this.send({ kind: 'offer', peer: this.peer, sdp: offer.sdp! });
  }

  /** The viewer's side: takes the offer and answers, ready to send its own voice on the audio line. */
  async answer(sdp: string) {
    await this.pc.setRemoteDescription({ type: 'offer', sdp });
    for (const t of this.pc.getTransceivers()) if (t.receiver.track.kind === 'audio') t.direction = 'sendrecv';
    await this.flush();
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    this.send({ kind: 'answer', peer: this.peer, sdp: answer.sdp! });
  }

  async accept(sdp: string) {
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    await this.flush();
  }

  async candidate(candidate: RTCIceCandidateInit) {
    if (!this.pc.remoteDescription) this.pending.push(candidate);
    else await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async flush() {
    const waiting = this.pending.splice(0);
    for (const c of waiting) await this.pc.addIceCandidate(c).catch(() => undefined);
  }

  /** Microphone on (asked once) or off; the far end keeps its line and hears silence. */
  async setMicrophone(on: boolean) {
    if (on && !this.mic) {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      this.mic = stream.getAudioTracks()[0] ?? null;
    }
    if (this.mic) this.mic.enabled = on;
    const audio = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'audio');
    if (audio && this.mic && audio.sender.track !== this.mic) await audio.sender.replaceTrack(this.mic);
  }

  /** The far end's voice, to play in an <audio> element. */
  remoteAudio(): MediaStream | null {
    const tracks = this.pc.getReceivers().flatMap((r) => (r.track.kind === 'audio' ? [r.track] : []));
    return tracks.length ? new MediaStream(tracks) : null;
  }

  close() {
    this.mic?.stop();
    this.mic = null;
    this.pc.close();
  }
}

/** Screen sharing needs getDisplayMedia, which phones and tablets lack (or offer without a screen worth sharing). */
export function canShareScreen(): boolean {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getDisplayMedia) return false;
  return !window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}
