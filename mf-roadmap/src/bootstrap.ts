import './standalone.css';
import { mountStandalone } from '@mindpath/mf/standalone';
import { applyTheme, themeStore } from '@mindpath/ui/theme';
import { lifecycles } from './lifecycles.tsx';

applyTheme(themeStore.get());
void mountStandalone('mf-roadmap', lifecycles);
