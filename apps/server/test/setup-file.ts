import { closeAfterFile } from './after-file';

// Before each server test file: what its helpers open is closed after it (test/after-file.ts).
closeAfterFile();
