import Cookies from 'js-cookie';

interface Props {
  value: string;
  options: string[];
  label: string;
}

/**
 * The display currency. Pages convert on the server from the `currency` cookie, so a switch
 * stores the choice and reloads: every figure on the page changes together.
 */
export default function CurrencySwitcher({ value, options, label }: Props) {
  return (
    <select
      aria-label={label}
      defaultValue={value}
      data-testid="currency-switcher"
      onChange={(e) => {
        Cookies.set('currency', e.target.value, { expires: 365, path: '/', sameSite: 'lax' });
        window.location.reload();
      }}
      style={{ padding: '4px 6px', borderRadius: 6, border: '1px solid var(--border)', background: 'var(--bg)', color: 'var(--fg)' }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}
