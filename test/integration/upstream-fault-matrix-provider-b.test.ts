/** providerB (Alipay gateway: ZFT and mini programs) half of the fault matrix. */
import { describeFaultMatrix } from '../support/upstream-fault-matrix';

describeFaultMatrix('providerB');
