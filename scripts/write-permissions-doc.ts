import { writeFile } from 'node:fs/promises';
import { renderPermissionsDoc } from '@sbo/contracts/permissions-doc';

await writeFile(new URL('../docs/permissions.md', import.meta.url), renderPermissionsDoc());
console.log('docs/permissions.md written');
