// @vitest-environment jsdom
// The shared screen pieces' component tests (apps/web/test/components/, one file per piece) run from this
// one file: jsdom and antd are loaded once for all of them rather than once per piece (about 15 s of CPU each).
import './components/ab-settings-list';
import './components/brand-mark';
import './components/card-tags';
import './components/checkout-link-card';
import './components/choice-switch';
import './components/copy-link-field';
import './components/custom-range-picker';
import './components/detail-load-failed';
import './components/entity-form';
import './components/figure-cards';
import './components/filter-bar';
import './components/form-dialog';
import './components/gradual-count';
import './components/link-button';
import './components/load-failed';
import './components/loading-or-failed';
import './components/nav-drawer';
import './components/no-permission';
import './components/phone-cards';
import './components/place-device-selects';
import './components/remote-control-card';
import './components/retry-button';
import './components/totals-bar';
import './components/transaction-totals';
