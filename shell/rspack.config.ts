import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({ name: 'shell', dir: import.meta.dirname });
