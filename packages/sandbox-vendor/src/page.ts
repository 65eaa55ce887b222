import { CHOICES, type GameStyle } from './rounds.ts';

export interface PageInput {
  session: string;
  style: GameStyle;
  language: 'bn' | 'en';
  gameName: string;
  /** Where "Back to Khela" goes when the screen is not inside Khela's game frame. */
  backUrl: string;
  fun: boolean;
}

const TEXT = {
  en: {
    stake: 'Stake',
    balance: 'Balance',
    fun: 'Play money',
    back: 'Back',
    won: 'You won',
    lost: 'No win this time',
    working: 'Playing …',
    failed: 'The round could not be played',
    vendor: 'Sandbox vendor',
  },
  bn: {
    stake: 'বাজি',
    balance: 'ব্যালেন্স',
    fun: 'খেলার টাকা',
    back: 'ফিরে যান',
    won: 'আপনি জিতেছেন',
    lost: 'এবার জয় নেই',
    working: 'খেলা চলছে …',
    failed: 'রাউন্ডটি খেলা যায়নি',
    vendor: 'স্যান্ডবক্স ভেন্ডর',
  },
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The game screen a launch opens (in Khela's game frame or a window of its own): a stake, the
 * style's choices, the outcome and the balance. After each round it tells the parent window, so
 * Khela's header refreshes the balance (`{ type: 'khela:balance-changed' }`, web game-frame.tsx).
 */
export function gamePage(input: PageInput): string {
  const t = TEXT[input.language];
  const choices = CHOICES[input.style]
    .map(
      (c) => `<button type="submit" name="choice" value="${c.id}" disabled>${escape(c.label[input.language])}</button>`,
    )
    .join('');
  const stakes = [10, 50, 100, 500]
    .map((s, i) => `<option value="${s}.00"${i === 1 ? ' selected' : ''}>${s}</option>`)
    .join('');
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(input.gameName)} · ${t.vendor}</title>
<style>
  :root { color-scheme: dark; font-family: system-ui, 'Noto Sans Bengali', sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: radial-gradient(circle at top, #1f4d3a, #0b1712); color: #f3f7f4; }
  main { box-sizing: border-box; width: min(92vw, 420px); padding: 20px; border-radius: 16px; background: #10261d; box-shadow: 0 8px 30px #0008; }
  h1 { font-size: 1.2rem; margin: 0 0 4px; }
  .meta { display: flex; justify-content: space-between; font-size: .9rem; color: #b9d4c7; margin-bottom: 16px; }
  label { display: block; margin-bottom: 8px; }
  select { width: 100%; padding: 10px; font-size: 1rem; border-radius: 8px; background: #07140f; color: inherit; border: 1px solid #3d7a60; }
  .choices { display: flex; gap: 8px; margin-top: 12px; }
  button { flex: 1; padding: 14px 8px; font-size: 1rem; font-weight: 600; border: 0; border-radius: 10px; background: #f5b82e; color: #1b1300; cursor: pointer; }
  button:disabled { opacity: .5; cursor: wait; }
  #result { min-height: 3em; margin-top: 16px; font-size: 1.05rem; text-align: center; }
  a { color: #9fe3c4; }
</style>
</head>
<body>
<main>
  <h1>${escape(input.gameName)}</h1>
  <div class="meta"><span>${t.vendor}${input.fun ? ` · ${t.fun}` : ''}</span><span>${t.balance}: <strong id="balance" data-testid="vendor-balance">…</strong></span></div>
  <form id="round">
    <label for="stake">${t.stake}</label>
    <select id="stake" name="stake">${stakes}</select>
    <div class="choices">${choices}</div>
  </form>
  <p id="result" role="status" aria-live="polite"></p>
  <p id="back-row"><a href="${escape(input.backUrl)}" target="_top">${t.back}</a></p>
</main>
<script>
  const session = ${JSON.stringify(input.session)};
  const text = ${JSON.stringify({ won: t.won, lost: t.lost, working: t.working, failed: t.failed })};
  const lang = ${JSON.stringify(input.language)};
  const form = document.getElementById('round');
  const result = document.getElementById('result');
  const balance = document.getElementById('balance');
  const show = (value) => { if (value !== undefined) balance.textContent = value; };
  // Inside Khela's game frame the frame's own bar is the way back.
  if (window.parent !== window) document.getElementById('back-row').hidden = true;
  fetch('api/state?session=' + encodeURIComponent(session)).then((r) => r.json()).then((s) => show(s.balance)).catch(() => {});
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const choice = event.submitter ? event.submitter.value : '';
    const buttons = form.querySelectorAll('button');
    buttons.forEach((b) => (b.disabled = true));
    result.textContent = text.working;
    try {
      const response = await fetch('api/round', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, stake: form.stake.value, choice }),
      });
      const round = await response.json();
      if (!response.ok) result.textContent = text.failed + (round.message ? ': ' + round.message[lang] : '');
      else result.textContent = round.drawn[lang] + ' — ' + (round.win !== '0.00' ? text.won + ' ' + round.win : text.lost);
      show(round.balance);
      if (window.parent !== window) window.parent.postMessage({ type: 'khela:balance-changed' }, '*');
    } catch {
      result.textContent = text.failed;
    } finally {
      buttons.forEach((b) => (b.disabled = false));
    }
  });
  // The choices are disabled in the HTML until this script listens: a click before it would submit
  // the form natively and reload the page instead of playing a round.
  form.querySelectorAll('button').forEach((b) => (b.disabled = false));
</script>
</body>
</html>`;
}
