// @vitest-environment jsdom
// The shared screen pieces' component tests (apps/web/test/components/, one file per piece) run from this
// one file: jsdom and antd are loaded once for all of them rather than once per piece (about 15 s of CPU each).
import './components/brand-mark';
import './components/choice-switch';
import './components/copy-link-field';
import './components/entity-form';
import './components/figure-cards';
import './components/filter-bar';
import './components/form-dialog';
import './components/link-button';
import './components/load-failed';
import './components/nav-drawer';
import './components/order-result-page';
import './components/place-device-selects';
