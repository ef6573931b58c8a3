/** The shared colours: night navy, dusk blues, warm gold and park greens, as in the hero. */
export const PALETTE = {
  nightNavy: '#0b1a33',
  navy: '#16294a',
  dusk: '#2c4672',
  haze: '#6d7fa3',
  gold: '#d6b46a',
  paleGold: '#f3dfa8',
  windowLit: '#f6d98f',
  windowDark: '#20365c',
  park: '#1e3b3b',
  parkLight: '#2c5450',
  treeDark: '#173230',
  treeMid: '#24463f',
  treeLight: '#34604f',
  river: '#13284a',
};
