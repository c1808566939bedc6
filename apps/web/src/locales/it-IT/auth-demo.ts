import type en from '../en-US/auth-demo';

/** The authority demo page. (it-IT) */
const authDemo: typeof en = {
  disabledTitle: 'Controlli che richiedono un permesso',
  disabledDesc: 'Un controllo è disattivato, con un suggerimento, quando ti manca il permesso necessario.',
  guardedTitle: 'Azioni protette',
  guardedDesc:
    'Un’azione per cui non hai il permesso viene rifiutata con un messaggio che nomina il permesso.',
};
export default authDemo;
