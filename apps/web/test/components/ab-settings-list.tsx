import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbSettingsList } from '../../src/features/device/components/ab-settings-list';
import { switchLanguage } from '../../src/lib/i18n';

// What an AB3 washer reports (the simulator's `abControllerConfig`), money in TWD minor units.
const reported = {
  childLock: false,
  'coin.maxCredit': 50_000,
  'coin.pulseValue': 1_000,
  'door.lockDelaySeconds': 5,
  'wash.temperatureC': 40,
  'panel.language': 'zh-TW',
  'vendor.extraMode': 3,
};

const names = (container: HTMLElement) => [...container.querySelectorAll('dt')].map((term) => term.textContent);

describe('AbSettingsList', () => {
  afterEach(() => switchLanguage('en'));

  it('names known settings in words, in the menu order, with the raw key on hover; unknown keys stay raw', () => {
    const { container } = render(
      <AbSettingsList settings={reported} currency="TWD" editable onChange={() => undefined} />,
    );
    expect(names(container)).toEqual([
      'Panel language',
      'Value of one coin',
      'Most credit accepted',
      'Door lock delay',
      'Child lock',
      'Wash temperature',
      'vendor.extraMode',
    ]);
    const terms = [...container.querySelectorAll('dt')];
    expect(terms.map((term) => term.getAttribute('title'))).toEqual([
      'panel.language',
      'coin.pulseValue',
      'coin.maxCredit',
      'door.lockDelaySeconds',
      'childLock',
      'wash.temperatureC',
      'vendor.extraMode',
    ]);
    expect(terms.at(-1)?.className).toBe('ab-setting-raw');
  });

  it('shows money in the currency with its symbol and saves minor units; other numbers carry their unit', async () => {
    const onChange = vi.fn();
    const { container } = render(<AbSettingsList settings={reported} currency="TWD" editable onChange={onChange} />);
    const credit = screen.getByRole('spinbutton', { name: 'Value of Most credit accepted' }) as HTMLInputElement;
    expect(credit.value).toBe('500.00');
    expect(credit.closest('.ant-input-number')?.textContent).toContain('NT$');
    await userEvent.clear(credit);
    await userEvent.type(credit, '600');
    expect(onChange).toHaveBeenLastCalledWith('coin.maxCredit', 60_000);
    const delay = screen.getByRole('spinbutton', { name: 'Value of Door lock delay' });
    expect(delay.closest('.ant-input-number')?.textContent).toContain('s');
    expect(container.textContent).toContain('°C');
  });

  it('speaks the interface language (Japanese, Traditional Chinese)', async () => {
    await switchLanguage('ja');
    const { container, unmount } = render(
      <AbSettingsList settings={{ childLock: true }} currency="TWD" editable={false} onChange={() => undefined} />,
    );
    expect(names(container)).toEqual(['チャイルドロック']);
    unmount();
    await switchLanguage('zh-TW');
    const again = render(
      <AbSettingsList settings={{ 'dry.maxMinutes': 60 }} currency="TWD" editable={false} onChange={() => undefined} />,
    );
    expect(names(again.container)).toEqual(['最長烘乾時間']);
    expect(again.container.textContent).toContain('分鐘');
  });
});
