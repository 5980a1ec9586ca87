#include "CEngineSupport.h"
