// How a staff page calls attention when the tab is in the background: the browser's notification and a short tone.

const SOUND_KEY = 'rfs-staff-sound';

export const soundEnabled = () => {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
};

export function setSoundEnabled(on: boolean) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* private browsing: the choice lasts the page */
  }
}

let audio: AudioContext | null = null;

/** Two short notes made on the spot: no file to download, nothing played before the member has clicked on the page. */
export function playAlert() {
  if (!soundEnabled() || typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    [880, 660].forEach((frequency, i) => {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.16);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(ctx.currentTime + i * 0.18);
      oscillator.stop(ctx.currentTime + i * 0.18 + 0.17);
    });
  } catch {
    /* no sound device */
  }
}

export const notificationsSupported = () => typeof Notification !== 'undefined';

export function showNotification(title: string, body: string) {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  const n = new Notification(title, { body, tag: body, lang: 'fr' });
  n.onclick = () => {
    window.focus();
    n.close();
  };
}
